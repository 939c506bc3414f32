import { describe, expect, it } from 'vitest';
import { createsOnceUploaded, missingForCreate, NO_AUDIO } from './sample-audio.ts';

describe('missingForCreate', () => {
  const uploading = { kind: 'uploading', fileName: 'a.wav', bytesUploaded: 1, bytesTotal: 2, paused: false } as const;

  it('names each gap in the order the owner meets them', () => {
    expect(missingForCreate('', NO_AUDIO)).toEqual(['Add a title', 'Choose an audio file']);
    expect(missingForCreate(' ', uploading)).toEqual(['Add a title', 'Wait for the upload to finish']);
    expect(missingForCreate('Song', { ...uploading, paused: true })).toEqual(['Resume the upload']);
    expect(missingForCreate('Song', { kind: 'checking', fileName: 'a.wav' })).toEqual(['Wait for the file to be checked']);
    expect(missingForCreate('Song', { kind: 'refused', fileName: 'a.wav', message: 'The file is empty' })).toEqual([
      'Choose an audio file',
    ]);
    expect(missingForCreate('Song', { kind: 'failed', fileName: 'a.wav', message: 'x' })).toEqual([
      'Retry the upload or choose another file',
    ]);
  });

  it('has nothing to say once a title and a registered file are there', () => {
    expect(missingForCreate('Song', { kind: 'ready', fileName: 'a.wav', audioUrl: '/objects/uploads/x', registered: true })).toEqual([]);
  });
});

describe('createsOnceUploaded', () => {
  const uploading = { kind: 'uploading', fileName: 'a.wav', bytesUploaded: 5, bytesTotal: 10, paused: false } as const;

  it('lets Create Sample wait for an upload on its way, and not for one the owner must act on', () => {
    expect(createsOnceUploaded(uploading)).toBe(true);
    expect(createsOnceUploaded({ kind: 'checking', fileName: 'a.wav' })).toBe(true);
    expect(createsOnceUploaded({ kind: 'ready', fileName: 'a.wav', audioUrl: '/objects/uploads/x', registered: true })).toBe(true);
    expect(createsOnceUploaded({ ...uploading, paused: true })).toBe(false);
    expect(createsOnceUploaded({ ...uploading, waitingForFile: true })).toBe(false);
    expect(createsOnceUploaded({ kind: 'failed', fileName: 'a.wav', message: 'Connection lost' })).toBe(false);
    expect(createsOnceUploaded({ kind: 'refused', fileName: 'a.wav', message: 'Not audio' })).toBe(false);
    expect(createsOnceUploaded(NO_AUDIO)).toBe(false);
  });
});
