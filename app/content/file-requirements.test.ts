import { describe, expect, it } from 'vitest';
import { MAX_PEAK_DB, MIN_BIT_DEPTH, MIN_MP3_BITRATE, MIN_SAMPLE_RATE } from './file-requirements.ts';

describe('file requirements copy', () => {
  it('writes the numbers of common/file-rules.ts the way the home page always showed them', () => {
    expect([MIN_BIT_DEPTH, MIN_SAMPLE_RATE, MIN_MP3_BITRATE, MAX_PEAK_DB]).toEqual(['24-bit', '48kHz', '320kbps', '-6dB']);
  });
});
