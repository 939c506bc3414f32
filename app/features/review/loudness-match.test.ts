import { describe, expect, it } from 'vitest';
import { dbToLinear, formatGainDb, formatLufs, matchedGains } from './loudness-match.ts';

describe('matchedGains', () => {
  it('turns the louder version down to the quieter one and leaves the quieter as delivered', () => {
    expect(matchedGains(-14, -20)).toEqual({ a: -6, b: 0, matched: true });
    expect(matchedGains(-20, -14)).toEqual({ a: 0, b: -6, matched: true });
  });

  it('changes nothing for equal loudness, and never boosts', () => {
    const gains = matchedGains(-9.5, -9.5);
    expect(gains.a).toBeCloseTo(0);
    expect(gains.b).toBeCloseTo(0);
    expect(Math.max(matchedGains(-30, -8).a, matchedGains(-30, -8).b)).toBeLessThanOrEqual(0);
  });

  it('plays both as delivered when a loudness is unknown', () => {
    expect(matchedGains(null, -14)).toEqual({ a: 0, b: 0, matched: false });
    expect(matchedGains(-14, Number.NaN)).toEqual({ a: 0, b: 0, matched: false });
  });
});

describe('gain formatting', () => {
  it('writes the applied gain to a tenth of a dB with a true minus sign', () => {
    expect(formatGainDb(-6)).toBe('\u22126.0 dB');
    expect(formatGainDb(-5.96)).toBe('\u22126.0 dB');
    expect(formatGainDb(-0.04)).toBe('0.0 dB');
    expect(formatGainDb(0)).toBe('0.0 dB');
  });

  it('turns dB into a linear factor no larger than 1', () => {
    expect(dbToLinear(-6)).toBeCloseTo(0.501, 3);
    expect(dbToLinear(0)).toBe(1);
    expect(dbToLinear(3)).toBe(1);
  });

  it('writes loudness in LUFS, a dash when unmeasured', () => {
    expect(formatLufs(-14.04)).toBe('\u221214.0 LUFS');
    expect(formatLufs(null)).toBe('—');
  });
});
