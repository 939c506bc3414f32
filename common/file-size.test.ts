import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';
import { MAX_AUDIO_BYTES, MAX_SINGLE_PUT_AUDIO_BYTES } from './samples.ts';

describe('formatFileSize', () => {
  it('writes the audio limit as the form and the uploader say it', () => {
    expect(formatFileSize(MAX_AUDIO_BYTES)).toBe('500 MB');
    expect(formatFileSize(MAX_SINGLE_PUT_AUDIO_BYTES)).toBe('50 MB');
  });

  it('uses decimal units with one decimal below ten', () => {
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.2 MB');
    expect(formatFileSize(2_500_000_000)).toBe('2.5 GB');
    expect(formatFileSize(1500)).toBe('1.5 kB');
    expect(formatFileSize(999)).toBe('999 bytes');
  });
});
