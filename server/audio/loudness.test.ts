import { describe, expect, it } from 'vitest';
import { kWeightingFilters, LoudnessMeter, measureLoudness } from './loudness.ts';

// Reference signals of EBU Tech 3341 (loudness, true peak) and Tech 3342 (loudness range), made
// here: sines whose level is given as their peak in dBFS.

interface Tone {
  seconds: number;
  dbfs: number;
  hz?: number;
}

/** Tones one after another, the phase running on across the joins. */
function tones(sampleRate: number, parts: Tone[], phase = 0): Float32Array {
  const frames = parts.reduce((sum, part) => sum + Math.round(part.seconds * sampleRate), 0);
  const signal = new Float32Array(frames);
  let index = 0;
  let angle = phase;
  for (const part of parts) {
    const amplitude = 10 ** (part.dbfs / 20);
    const step = (2 * Math.PI * (part.hz ?? 1000)) / sampleRate;
    for (const end = index + Math.round(part.seconds * sampleRate); index < end; index++, angle += step) {
      signal[index] = amplitude * Math.sin(angle);
    }
  }
  return signal;
}

const stereo = (signal: Float32Array) => [signal, signal];

describe.each([48_000, 44_100])('loudness at %i Hz', (sampleRate) => {
  it('measures a 1 kHz sine at -23 dBFS in both channels as -23.0 LUFS, and at -33 dBFS as -33.0 (Tech 3341 cases 1 and 2)', () => {
    expect(measureLoudness(stereo(tones(sampleRate, [{ seconds: 20, dbfs: -23 }])), sampleRate).integratedLufs).toBeCloseTo(-23, 1);
    expect(measureLoudness(stereo(tones(sampleRate, [{ seconds: 20, dbfs: -33 }])), sampleRate).integratedLufs).toBeCloseTo(-33, 1);
  });

  it('measures a 997 Hz sine at -20 dBFS in stereo as -20.0 LUFS', () => {
    const result = measureLoudness(stereo(tones(sampleRate, [{ seconds: 10, dbfs: -20, hz: 997 }])), sampleRate);
    expect(result.integratedLufs).toBeCloseTo(-20, 1);
    expect(result.samplePeakDbfs).toBeCloseTo(-20, 1);
  });

  it('gates out the quiet parts (Tech 3341 cases 3, 4 and 5: -23.0 LUFS each)', () => {
    const case3 = tones(sampleRate, [
      { seconds: 10, dbfs: -36 },
      { seconds: 60, dbfs: -23 },
      { seconds: 10, dbfs: -36 },
    ]);
    const case4 = tones(sampleRate, [
      { seconds: 10, dbfs: -72 },
      { seconds: 10, dbfs: -36 },
      { seconds: 60, dbfs: -23 },
      { seconds: 10, dbfs: -36 },
      { seconds: 10, dbfs: -72 },
    ]);
    const case5 = tones(sampleRate, [
      { seconds: 20, dbfs: -26 },
      { seconds: 20.1, dbfs: -20 },
      { seconds: 20, dbfs: -26 },
    ]);
    for (const signal of [case3, case4, case5]) {
      const measured = measureLoudness(stereo(signal), sampleRate).integratedLufs;
      expect(Math.abs((measured ?? 0) + 23)).toBeLessThanOrEqual(0.1);
    }
  });

  it('measures the loudness range of Tech 3342 cases 1 to 4 (10, 5, 20 and 15 LU, within 1 LU)', () => {
    const range = (levels: number[]) =>
      measureLoudness(
        stereo(
          tones(
            sampleRate,
            levels.map((dbfs) => ({ seconds: 20, dbfs })),
          ),
        ),
        sampleRate,
      ).loudnessRangeLu ?? 0;
    expect(Math.abs(range([-20, -30]) - 10)).toBeLessThanOrEqual(1);
    expect(Math.abs(range([-20, -15]) - 5)).toBeLessThanOrEqual(1);
    expect(Math.abs(range([-40, -20]) - 20)).toBeLessThanOrEqual(1);
    expect(Math.abs(range([-50, -35, -20, -35, -50]) - 15)).toBeLessThanOrEqual(1);
  });

  it('finds the true peak between the samples: a quarter-rate sine 45 degrees off its samples', () => {
    // Samples at ±0.707 (-3 dBFS) of a sine whose crests (0 dBFS) fall between them. Tech 3341 allows +0.2/-0.4 dB.
    const signal = tones(sampleRate, [{ seconds: 2, dbfs: 0, hz: sampleRate / 4 }], Math.PI / 4);
    const result = measureLoudness(stereo(signal), sampleRate);
    expect(result.samplePeakDbfs).toBeCloseTo(-3.01, 1);
    expect(result.truePeakDbtp).toBeGreaterThanOrEqual(-0.4);
    expect(result.truePeakDbtp).toBeLessThanOrEqual(0.2);
  });

  it('reads a true peak equal to the sample peak when the crests fall on samples (quarter-rate sine at -6 dBFS)', () => {
    const result = measureLoudness(stereo(tones(sampleRate, [{ seconds: 2, dbfs: -6, hz: sampleRate / 4 }], Math.PI / 2)), sampleRate);
    expect(result.samplePeakDbfs).toBeCloseTo(-6, 2);
    expect(result.truePeakDbtp).toBeGreaterThanOrEqual(-6.4);
    expect(result.truePeakDbtp).toBeLessThanOrEqual(-5.8);
  });
});

describe('the meter', () => {
  it('uses the K-weighting coefficients BS.1770 prints for 48 kHz', () => {
    const [shelf, highPass] = kWeightingFilters(48_000);
    expect(shelf.b0).toBeCloseTo(1.53512485958697, 10);
    expect(shelf.b1).toBeCloseTo(-2.69169618940638, 10);
    expect(shelf.b2).toBeCloseTo(1.19839281085285, 10);
    expect(shelf.a1).toBeCloseTo(-1.69065929318241, 10);
    expect(shelf.a2).toBeCloseTo(0.73248077421585, 10);
    expect(highPass.a1).toBeCloseTo(-1.99004745483398, 10);
    expect(highPass.a2).toBeCloseTo(0.99007225036621, 10);
  });

  it('gives the same answer however the audio is cut into chunks', () => {
    const signal = tones(48_000, [
      { seconds: 4, dbfs: -30 },
      { seconds: 4, dbfs: -12 },
    ]);
    const whole = measureLoudness(stereo(signal), 48_000, signal.length);
    const pieces = measureLoudness(stereo(signal), 48_000, 997);
    expect(pieces.integratedLufs).toBeCloseTo(whole.integratedLufs ?? 0, 9);
    expect(pieces.loudnessRangeLu).toBeCloseTo(whole.loudnessRangeLu ?? 0, 9);
    expect(pieces.truePeakDbtp).toBeCloseTo(whole.truePeakDbtp ?? 0, 9);
  });

  it('weighs a mono file as one channel (3 dB below the same tone in both channels of stereo)', () => {
    expect(measureLoudness([tones(48_000, [{ seconds: 5, dbfs: -23 }])], 48_000).integratedLufs).toBeCloseTo(-26, 1);
  });

  it('leaves out the LFE of 5.1 and weighs the surrounds 1.41', () => {
    const tone = tones(48_000, [{ seconds: 5, dbfs: -23 }]);
    const silent = new Float32Array(tone.length);
    const layout = (loud: number) => Array.from({ length: 6 }, (_, channel) => (channel === loud ? tone : silent));
    expect(measureLoudness(layout(0), 48_000).integratedLufs).toBeCloseTo(-26, 1);
    expect(measureLoudness(layout(3), 48_000).integratedLufs).toBeNull();
    expect(measureLoudness(layout(3), 48_000).samplePeakDbfs).toBeCloseTo(-23, 1);
    expect(measureLoudness(layout(4), 48_000).integratedLufs).toBeCloseTo(-26 + 10 * Math.log10(1.41), 1);
  });

  it('answers null for silence and for audio too short to measure', () => {
    const silence = measureLoudness(stereo(new Float32Array(48_000 * 5)), 48_000);
    expect(silence).toEqual({ integratedLufs: null, loudnessRangeLu: null, samplePeakDbfs: null, truePeakDbtp: null });
    const blip = measureLoudness(stereo(tones(48_000, [{ seconds: 0.3, dbfs: -10 }])), 48_000);
    expect(blip.integratedLufs).toBeNull();
    expect(blip.loudnessRangeLu).toBeNull();
    expect(blip.samplePeakDbfs).toBeCloseTo(-10, 1);
  });

  it('refuses a chunk with the wrong number of channels', () => {
    expect(() => new LoudnessMeter(48_000, 2).push([new Float32Array(10)])).toThrow(/expected 2 channels/);
  });
});
