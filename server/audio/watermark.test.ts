import { describe, expect, it } from 'vitest';
import { DEFAULT_WATERMARK, TAG_SECONDS, tagStart, WatermarkMixer } from './watermark.ts';

const RATE = 48_000;
const rms = (samples: Float32Array, from: number, to: number) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / (to - from));
};
const db = (ratio: number) => 20 * Math.log10(ratio);

describe('the audible watermark', () => {
  it('mixes a tag in every interval, at the set level below the programme around it, and nothing elsewhere', () => {
    const settings = { intervalSeconds: 10, levelDb: -20 };
    const seconds = 26;
    const programme = Float32Array.from({ length: RATE * seconds }, (_, i) => 0.2 * Math.sin((2 * Math.PI * 110 * i) / RATE));
    const mixer = new WatermarkMixer(RATE, settings);
    // Fed in uneven chunks, as the decoder hands them over: a tag may straddle two.
    const out = new Float32Array(programme.length);
    for (let start = 0, size = 7_777; start < programme.length; start += size) {
      const [mixed] = mixer.mix([programme.subarray(start, start + size)]);
      out.set(mixed!, start);
    }
    const tag = out.map((value, i) => value - programme[i]!);
    for (const index of [0, 1]) {
      const at = Math.round(tagStart(index, settings.intervalSeconds) * RATE);
      // The tag's middle (its fades left out) against the programme's level.
      const window = [at + 0.05 * RATE, at + (TAG_SECONDS - 0.05) * RATE] as const;
      expect(db(rms(tag, ...window) / rms(programme, at - 3 * RATE, at))).toBeCloseTo(settings.levelDb, 0);
    }
    // Between tags the programme is untouched.
    expect(rms(tag, 6 * RATE, 14 * RATE)).toBe(0);
    expect(tagStart(0, DEFAULT_WATERMARK.intervalSeconds)).toBe(15);
  });
});
