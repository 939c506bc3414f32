/**
 * Sample peak and true peak (ITU-R BS.1770-4 Annex 2) of streamed channel data: each channel is
 * oversampled four times by the Annex's 48-tap interpolating filter, split into four phases of
 * 12 taps, and the largest magnitude of the oversampled signal is the true peak. The filter was
 * designed for 48 kHz; like libebur128 it is used unchanged at other rates (it is defined on the
 * normalised frequency, so 44.1 kHz gets the same 4x).
 */

const TAPS = 12;
const PHASES = 4;

// prettier-ignore
const PHASE_COEFFICIENTS = new Float64Array([
  // phase 0
  0.0017089843750, 0.0109863281250, -0.0196533203125, 0.0332031250000, -0.0594482421875, 0.1373291015625,
  0.9721679687500, -0.1022949218750, 0.0476074218750, -0.0266113281250, 0.0148925781250, -0.0083007812500,
  // phase 1
  -0.0291748046875, 0.0292968750000, -0.0517578125000, 0.0891113281250, -0.1665039062500, 0.4650878906250,
  0.7797851562500, -0.2003173828125, 0.1015625000000, -0.0582275390625, 0.0330810546875, -0.0189208984375,
  // phase 2
  -0.0189208984375, 0.0330810546875, -0.0582275390625, 0.1015625000000, -0.2003173828125, 0.7797851562500,
  0.4650878906250, -0.1665039062500, 0.0891113281250, -0.0517578125000, 0.0292968750000, -0.0291748046875,
  // phase 3
  -0.0083007812500, 0.0148925781250, -0.0266113281250, 0.0476074218750, -0.1022949218750, 0.9721679687500,
  0.1373291015625, -0.0594482421875, 0.0332031250000, -0.0196533203125, 0.0109863281250, 0.0017089843750,
]);

/**
 * The most any phase can amplify: an output is at most this times the largest input in its 12-tap
 * window. Windows whose samples are all below truePeak / MAX_PHASE_GAIN cannot raise the true peak,
 * so they are skipped: most of real music, which makes the meter several times faster.
 */
const MAX_PHASE_GAIN = Math.max(
  ...Array.from({ length: PHASES }, (_, phase) =>
    PHASE_COEFFICIENTS.subarray(phase * TAPS, (phase + 1) * TAPS).reduce((sum, value) => sum + Math.abs(value), 0),
  ),
);

const HISTORY = TAPS - 1;

export class TruePeakMeter {
  private samplePeakLinear = 0;
  private truePeakLinear = 0;
  /** Each channel's last HISTORY samples, followed by the chunk being measured. */
  private readonly work: Float64Array[];
  /** Per channel: index (relative to the next chunk's first sample) of the last sample loud enough to matter. */
  private readonly lastLoud: number[];
  private finished = false;

  constructor(private readonly channelCount: number) {
    this.work = Array.from({ length: channelCount }, () => new Float64Array(HISTORY + 4096));
    this.lastLoud = new Array<number>(channelCount).fill(-TAPS);
  }

  push(channels: readonly Float32Array[]): void {
    if (this.finished) throw new Error('the true-peak meter has finished');
    for (let channel = 0; channel < this.channelCount; channel++) this.measureChannel(channel, channels[channel]);
  }

  /** Runs the last samples through the filter (as if silence followed), so a loud ending counts. */
  finish(): void {
    if (this.finished) return;
    this.push(Array.from({ length: this.channelCount }, () => new Float32Array(TAPS)));
    this.finished = true;
  }

  /** Largest absolute sample, 0..1 for full scale. */
  get samplePeak(): number {
    return this.samplePeakLinear;
  }

  /** Largest absolute value of the 4x oversampled signal, never below the sample peak. */
  get truePeak(): number {
    return Math.max(this.truePeakLinear, this.samplePeakLinear);
  }

  private measureChannel(channel: number, input: Float32Array): void {
    const length = input.length;
    let work = this.work[channel];
    if (work.length < HISTORY + length) {
      const grown = new Float64Array(HISTORY + length);
      grown.set(work.subarray(0, HISTORY));
      this.work[channel] = work = grown;
    }
    work.set(input, HISTORY);
    const coefficients = PHASE_COEFFICIENTS;
    let samplePeak = this.samplePeakLinear;
    let truePeak = this.truePeakLinear;
    let threshold = truePeak / MAX_PHASE_GAIN;
    let lastLoud = this.lastLoud[channel] + HISTORY;
    for (let index = HISTORY; index < HISTORY + length; index++) {
      const magnitude = Math.abs(work[index]);
      if (magnitude > samplePeak) samplePeak = magnitude;
      if (magnitude > threshold) lastLoud = index;
      if (index - lastLoud > HISTORY) continue;
      const start = index - HISTORY;
      for (let phase = 0; phase < PHASES; phase++) {
        let sum = 0;
        const offset = phase * TAPS;
        for (let tap = 0; tap < TAPS; tap++) sum += coefficients[offset + tap] * work[start + tap];
        const value = Math.abs(sum);
        if (value > truePeak) {
          truePeak = value;
          threshold = truePeak / MAX_PHASE_GAIN;
        }
      }
    }
    this.samplePeakLinear = samplePeak;
    this.truePeakLinear = truePeak;
    this.lastLoud[channel] = lastLoud - HISTORY - length;
    // Keep the last samples for the next chunk's first windows.
    work.copyWithin(0, length, length + HISTORY);
  }
}
