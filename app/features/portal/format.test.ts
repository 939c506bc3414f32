import { describe, expect, it } from 'vitest';
import {
  formatChannels,
  formatDay,
  formatDuration,
  formatLoudness,
  formatPeak,
  formatResolution,
  formatSampleRate,
  NONE,
} from './format.ts';

describe('how the portal writes measured facts', () => {
  it('writes rates, depths and levels the way engineers read them', () => {
    expect(formatSampleRate(44_100)).toBe('44.1 kHz');
    expect(formatSampleRate(48_000)).toBe('48 kHz');
    expect(formatResolution(24, null)).toBe('24-bit');
    expect(formatResolution(null, 319.6)).toBe('320 kbps');
    expect(formatChannels(1)).toBe('Mono');
    expect(formatChannels(2)).toBe('Stereo');
    expect(formatChannels(6)).toBe('6 ch');
    expect(formatPeak(-0.06)).toBe('-0.1 dBFS');
    expect(formatPeak(-6)).toBe('-6.0 dBFS');
    expect(formatLoudness(-14.26)).toBe('-14.3 LUFS');
    expect(formatDuration(192.4)).toBe('3:12.40');
  });

  it('shows a dash for what was not measured, so a column never collapses', () => {
    for (const text of [
      formatSampleRate(null),
      formatResolution(null, null),
      formatChannels(null),
      formatPeak(null),
      formatDuration(null),
    ]) {
      expect(text).toBe(NONE);
    }
  });

  it('writes a calendar day the same on the server and in any browser time zone', () => {
    expect(formatDay('2030-05-14')).toBe('May 14, 2030');
    expect(formatDay('2030-05-14T23:30:00.000Z')).toBe('May 14, 2030');
    expect(formatDay('not a date')).toBe('not a date');
  });
});
