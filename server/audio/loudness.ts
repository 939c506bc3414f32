import { TruePeakMeter } from './true-peak.ts';

/*
 * Loudness after ITU-R BS.1770-4 / EBU R128, measured on streamed chunks of channel data (the file
 * is never held whole): K-weighting, mean square per 100 ms segment, 400 ms blocks every 100 ms
 * (75% overlap) gated at -70 LUFS and then 10 LU below their mean for the integrated loudness,
 * 3 s short-term windows every 100 ms for the loudness range (EBU Tech 3342), and the sample and
 * true peaks (true-peak.ts). What it keeps grows by two numbers per 100 ms of audio: 3 hours make
 * about 1.7 MB.
 */

const LOUDNESS_OFFSET = -0.691;
const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
const RANGE_RELATIVE_GATE_LU = -20;
const RANGE_LOW_PERCENTILE = 0.1;
const RANGE_HIGH_PERCENTILE = 0.95;
/** Gating blocks are 400 ms and short-term windows 3 s, both made of 100 ms segments. */
const BLOCK_SEGMENTS = 4;
const SHORT_TERM_SEGMENTS = 30;
/** Filter states this small are set to zero: denormal numbers after silence make the arithmetic slow. */
const DENORMAL_FLOOR = 1e-25;

export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/**
 * The two K-weighting stages (a high shelf, then a high pass) for any sample rate, by the bilinear
 * transform of their analogue prototypes (the formulas libebur128 uses); at 48 kHz they give the
 * coefficients printed in BS.1770.
 */
export function kWeightingFilters(sampleRate: number): [shelf: Biquad, highPass: Biquad] {
  const shelfFrequency = 1681.974450955533;
  const shelfGainDb = 3.999843853973347;
  const shelfQ = 0.7071752369554196;
  let k = Math.tan((Math.PI * shelfFrequency) / sampleRate);
  const vh = 10 ** (shelfGainDb / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / shelfQ + k * k;
  const shelf = {
    b0: (vh + (vb * k) / shelfQ + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / shelfQ + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / shelfQ + k * k) / a0,
  };
  const highPassFrequency = 38.13547087602444;
  const highPassQ = 0.5003270373238773;
  k = Math.tan((Math.PI * highPassFrequency) / sampleRate);
  a0 = 1 + k / highPassQ + k * k;
  const highPass = { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / highPassQ + k * k) / a0 };
  return [shelf, highPass];
}

/**
 * BS.1770 channel weights: 1.0 for left, right and centre, 1.41 for the surrounds, none for the
 * LFE. Five channels are read as L R C Ls Rs and six as 5.1 (L R C LFE Ls Rs), the WAV order;
 * other layouts weigh every channel 1.0.
 */
export function channelWeights(channelCount: number): number[] {
  if (channelCount === 5) return [1, 1, 1, 1.41, 1.41];
  if (channelCount === 6) return [1, 1, 1, 0, 1.41, 1.41];
  return new Array<number>(channelCount).fill(1);
}

export interface LoudnessResult {
  /** Integrated loudness (LUFS); null when no block passes the gates (silence, or under 400 ms). */
  integratedLufs: number | null;
  /** Loudness range (LU); null when no 3 s window passes the gates. */
  loudnessRangeLu: number | null;
  samplePeakDbfs: number | null;
  truePeakDbtp: number | null;
}

/** A list of numbers that grows by doubling, without boxing each number. */
class NumberList {
  private values = new Float64Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  toArray(): Float64Array {
    return this.values.subarray(0, this.length);
  }
}

const loudnessOf = (meanSquare: number) => LOUDNESS_OFFSET + 10 * Math.log10(meanSquare);
const meanSquareOf = (loudness: number) => 10 ** ((loudness - LOUDNESS_OFFSET) / 10);
const decibels = (linear: number) => (linear > 0 ? 20 * Math.log10(linear) : null);

export class LoudnessMeter {
  private readonly weights: number[];
  private readonly shelf: Biquad;
  private readonly highPass: Biquad;
  /** Per channel: the two stages' states (transposed direct form II), four numbers. */
  private readonly states: Float64Array[];
  private readonly segmentFrames: number;
  private segmentFilled = 0;
  private segmentSum = 0;
  /** The last SHORT_TERM_SEGMENTS segments' weighted sums of squares, as a ring. */
  private readonly recentSegments = new Float64Array(SHORT_TERM_SEGMENTS);
  private segmentCount = 0;
  private readonly blocks = new NumberList();
  private readonly shortTerms = new NumberList();
  private readonly peaks: TruePeakMeter;

  constructor(
    sampleRate: number,
    private readonly channelCount: number,
  ) {
    if (!(sampleRate > 0) || !(channelCount > 0)) throw new RangeError('a loudness meter needs a sample rate and channels');
    this.weights = channelWeights(channelCount);
    [this.shelf, this.highPass] = kWeightingFilters(sampleRate);
    this.states = Array.from({ length: channelCount }, () => new Float64Array(4));
    // As libebur128 rounds it: 4410 at 44.1 kHz, 4800 at 48 kHz.
    this.segmentFrames = Math.round(sampleRate / 10);
    this.peaks = new TruePeakMeter(channelCount);
  }

  /** One chunk: a Float32Array per channel, all the same length. */
  push(channels: readonly Float32Array[]): void {
    if (channels.length !== this.channelCount) throw new RangeError(`expected ${this.channelCount} channels, got ${channels.length}`);
    const frames = channels[0].length;
    this.peaks.push(channels);
    for (let from = 0; from < frames;) {
      const to = Math.min(frames, from + this.segmentFrames - this.segmentFilled);
      for (let channel = 0; channel < this.channelCount; channel++) {
        if (this.weights[channel] === 0) continue;
        this.segmentSum += this.weights[channel] * this.filteredEnergy(channel, channels[channel], from, to);
      }
      this.segmentFilled += to - from;
      from = to;
      if (this.segmentFilled === this.segmentFrames) this.closeSegment();
    }
  }

  result(): LoudnessResult {
    this.peaks.finish();
    return {
      integratedLufs: integratedLoudness(this.blocks.toArray()),
      loudnessRangeLu: loudnessRange(this.shortTerms.toArray()),
      samplePeakDbfs: decibels(this.peaks.samplePeak),
      truePeakDbtp: decibels(this.peaks.truePeak),
    };
  }

  /** Runs one channel's samples [from, to) through both stages; answers the sum of squares. */
  private filteredEnergy(channel: number, input: Float32Array, from: number, to: number): number {
    const { b0, b1, b2, a1, a2 } = this.shelf;
    const { a1: c1, a2: c2 } = this.highPass;
    const state = this.states[channel];
    let s1 = state[0];
    let s2 = state[1];
    let h1 = state[2];
    let h2 = state[3];
    let sum = 0;
    for (let index = from; index < to; index++) {
      const x = input[index];
      const shelved = b0 * x + s1;
      s1 = b1 * x - a1 * shelved + s2;
      s2 = b2 * x - a2 * shelved;
      const weighted = shelved + h1;
      h1 = -2 * shelved - c1 * weighted + h2;
      h2 = shelved - c2 * weighted;
      sum += weighted * weighted;
    }
    state[0] = Math.abs(s1) < DENORMAL_FLOOR ? 0 : s1;
    state[1] = Math.abs(s2) < DENORMAL_FLOOR ? 0 : s2;
    state[2] = Math.abs(h1) < DENORMAL_FLOOR ? 0 : h1;
    state[3] = Math.abs(h2) < DENORMAL_FLOOR ? 0 : h2;
    return sum;
  }

  private closeSegment(): void {
    this.recentSegments[this.segmentCount % SHORT_TERM_SEGMENTS] = this.segmentSum;
    this.segmentCount++;
    this.segmentSum = 0;
    this.segmentFilled = 0;
    if (this.segmentCount >= BLOCK_SEGMENTS) this.blocks.push(this.meanOfLast(BLOCK_SEGMENTS));
    if (this.segmentCount >= SHORT_TERM_SEGMENTS) this.shortTerms.push(this.meanOfLast(SHORT_TERM_SEGMENTS));
  }

  /** Mean square of the last `count` segments (the weighted sum over channels, per frame). */
  private meanOfLast(count: number): number {
    let sum = 0;
    for (let back = 1; back <= count; back++) sum += this.recentSegments[(this.segmentCount - back) % SHORT_TERM_SEGMENTS];
    return sum / (count * this.segmentFrames);
  }
}

/** BS.1770-4 gating: blocks above -70 LUFS, then above their mean minus 10 LU; the mean of what is left. */
export function integratedLoudness(blockMeanSquares: ArrayLike<number>): number | null {
  const absolute = meanSquareOf(ABSOLUTE_GATE_LUFS);
  const aboveAbsolute = meanAbove(blockMeanSquares, absolute);
  if (aboveAbsolute === null) return null;
  const relative = meanSquareOf(loudnessOf(aboveAbsolute) + RELATIVE_GATE_LU);
  const gated = meanAbove(blockMeanSquares, Math.max(absolute, relative));
  return gated === null ? null : loudnessOf(gated);
}

/**
 * EBU Tech 3342: short-term values above -70 LUFS, then above their mean minus 20 LU; the range is
 * the distance from their 10th to their 95th percentile.
 */
export function loudnessRange(shortTermMeanSquares: ArrayLike<number>): number | null {
  const absolute = meanSquareOf(ABSOLUTE_GATE_LUFS);
  const aboveAbsolute = meanAbove(shortTermMeanSquares, absolute);
  if (aboveAbsolute === null) return null;
  const gate = Math.max(absolute, meanSquareOf(loudnessOf(aboveAbsolute) + RANGE_RELATIVE_GATE_LU));
  const kept: number[] = [];
  for (let index = 0; index < shortTermMeanSquares.length; index++) {
    if (shortTermMeanSquares[index] > gate) kept.push(loudnessOf(shortTermMeanSquares[index]));
  }
  if (kept.length === 0) return null;
  kept.sort((a, b) => a - b);
  const at = (percentile: number) => kept[Math.round((kept.length - 1) * percentile)];
  return at(RANGE_HIGH_PERCENTILE) - at(RANGE_LOW_PERCENTILE);
}

function meanAbove(values: ArrayLike<number>, threshold: number): number | null {
  let sum = 0;
  let count = 0;
  for (let index = 0; index < values.length; index++) {
    if (values[index] > threshold) {
      sum += values[index];
      count++;
    }
  }
  return count > 0 ? sum / count : null;
}

/** Measures whole arrays at once, in chunks as a decoder would deliver them (tests, small buffers). */
export function measureLoudness(channels: readonly Float32Array[], sampleRate: number, chunkFrames = 16_384): LoudnessResult {
  const meter = new LoudnessMeter(sampleRate, channels.length);
  const frames = channels[0]?.length ?? 0;
  for (let from = 0; from < frames; from += chunkFrames) meter.push(channels.map((channel) => channel.subarray(from, from + chunkFrames)));
  return meter.result();
}
