import { describe, expect, it } from 'vitest';
import { MAX_AUDIO_BYTES } from '#common/samples.ts';
import { taggedWav } from '#common/tagged-audio-fixtures.ts';
import { refusalOf, titleFromFileName, uploadFailureMessage } from './sample-file-checks.ts';

const wavHead = new Uint8Array(taggedWav(0.1, {}).subarray(0, 16));

describe('refusalOf', () => {
  it('says an empty file is empty, not that it is not audio', () => {
    expect(refusalOf({ size: 0, head: new Uint8Array() })).toMatch(/^The file is empty/);
  });

  it('says the limit and suggests FLAC for a file over 500 MB', () => {
    const message = refusalOf({ size: MAX_AUDIO_BYTES + 1, head: wavHead });
    expect(message).toContain('500 MB');
    expect(message).toContain('FLAC');
    expect(message).toContain('half the size of WAV');
  });

  it('says a renamed document is not audio, and names the formats', () => {
    expect(refusalOf({ size: 100, head: new TextEncoder().encode('<!doctype html>..') })).toBe(
      'The file is not audio: send WAV, AIFF, FLAC, MP3, M4A or AAC',
    );
  });

  it('says a file longer than 20 minutes is too long, with its length', () => {
    expect(refusalOf({ size: 100, head: wavHead, seconds: 21 * 60 })).toContain('(this file is 21:00)');
    expect(refusalOf({ size: 100, head: wavHead, seconds: 20 * 60 })).toBeNull();
  });

  it('lets audio through', () => {
    expect(refusalOf({ size: 100, head: wavHead })).toBeNull();
  });
});

describe('uploadFailureMessage', () => {
  it('passes the server’s refusal on as it said it', () => {
    expect(uploadFailureMessage({ message: 'The file is larger than 500 MB, …', source: { status: 413 } })).toBe(
      'The file is larger than 500 MB, …',
    );
  });

  it('says the connection was lost when no answer came', () => {
    expect(uploadFailureMessage({ message: 'x', isNetworkError: true })).toMatch(/connection .* lost.*Retry/);
  });

  it('asks for a retry when the server failed', () => {
    expect(uploadFailureMessage({ message: 'Internal', source: { status: 503 } })).toMatch(/Retry/);
  });
});

describe('titleFromFileName', () => {
  it('drops the extension and underscores', () => {
    expect(titleFromFileName('Night_Drive__master.wav')).toBe('Night Drive master');
    expect(titleFromFileName('song.v2.flac')).toBe('song.v2');
  });
});
