import { describe, expect, it } from 'vitest';
import { detectAudioFormat } from './audio-format.ts';

describe('detectAudioFormat', () => {
  it('refuses text, images and too-short input', () => {
    expect(detectAudioFormat(Buffer.from('<!doctype html>'))).toBeNull();
    expect(detectAudioFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(detectAudioFormat(Buffer.from('RIFF\x00\x00\x00\x00AVI ', 'latin1'))).toBeNull();
    expect(detectAudioFormat(Buffer.from([0xff]))).toBeNull();
  });
});
