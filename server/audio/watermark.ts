/**
 * The audible watermark of a review-room listening copy (decision 101): a short two-tone tag mixed
 * into the programme every `intervalSeconds`, `levelDb` relative to the programme around it (its RMS
 * over the seconds before the tag), so it is heard at the same distance below a quiet verse as below
 * a loud chorus. Made as the samples stream by, one decoded chunk at a time.
 */
export interface WatermarkSettings {
  intervalSeconds: number;
  /** The tag's RMS against the programme's, in dB (negative: below it). */
  levelDb: number;
}

export const DEFAULT_WATERMARK: WatermarkSettings = { intervalSeconds: 30, levelDb: -20 };

/** How long a tag sounds, its fades included. */
export const TAG_SECONDS = 0.5;
const FADE_SECONDS = 0.02;
/** Two tones a fifth apart: heard as a chime, not mistaken for part of the mix. */
const TAG_TONES_HZ = [880, 1320] as const;
/** The programme's level is read over this long before each tag. */
const LEVEL_WINDOW_SECONDS = 3;
/** A silent stretch before a tag still gets one that can be heard. */
const FLOOR_RMS = 10 ** (-50 / 20);

/** Where the tags start (seconds): half an interval in, then every interval, so even a short file has one. */
export const tagStart = (index: number, intervalSeconds: number): number => (index + 0.5) * intervalSeconds;

export class WatermarkMixer {
  private frame = 0;
  private readonly window: Float64Array;
  private windowAt = 0;
  private windowSum = 0;
  private windowFilled = 0;
  private tagIndex = 0;
  private tagAmplitude = 0;
  private readonly tagFrames: number;
  private readonly fadeFrames: number;

  constructor(
    private readonly sampleRate: number,
    private readonly settings: WatermarkSettings,
  ) {
    this.window = new Float64Array(Math.max(1, Math.round(LEVEL_WINDOW_SECONDS * sampleRate)));
    this.tagFrames = Math.round(TAG_SECONDS * sampleRate);
    this.fadeFrames = Math.round(FADE_SECONDS * sampleRate);
  }

  /** The chunk with the tag mixed in where one sounds (new arrays; the decoder's are left as they are). */
  mix(channelData: Float32Array[]): Float32Array[] {
    const frames = channelData[0]?.length ?? 0;
    const out = channelData.map((channel) => Float32Array.from(channel));
    for (let i = 0; i < frames; i++, this.frame++) {
      this.remember(channelData, i);
      const offset = this.frame - this.startFrame();
      if (offset === 0) this.tagAmplitude = this.programmeRms() * 10 ** (this.settings.levelDb / 20);
      if (offset < 0 || offset >= this.tagFrames) continue;
      const value = this.tagAmplitude * this.envelope(offset) * this.tone(offset);
      for (const channel of out) channel[i]! += value;
      if (offset === this.tagFrames - 1) this.tagIndex += 1;
    }
    return out;
  }

  private startFrame(): number {
    return Math.round(tagStart(this.tagIndex, this.settings.intervalSeconds) * this.sampleRate);
  }

  /** Two sines of equal amplitude: their sum's RMS is that amplitude, so `tagAmplitude` is the tag's RMS. */
  private tone(offset: number): number {
    const t = offset / this.sampleRate;
    return TAG_TONES_HZ.reduce((sum, hz) => sum + Math.sin(2 * Math.PI * hz * t), 0);
  }

  private envelope(offset: number): number {
    const edge = Math.min(offset, this.tagFrames - 1 - offset);
    return edge >= this.fadeFrames ? 1 : 0.5 - 0.5 * Math.cos((Math.PI * edge) / this.fadeFrames);
  }

  /** The frame's mean square over its channels, into the running window. */
  private remember(channelData: Float32Array[], i: number) {
    let square = 0;
    for (const channel of channelData) square += channel[i]! * channel[i]!;
    square /= channelData.length || 1;
    this.windowSum += square - this.window[this.windowAt]!;
    this.window[this.windowAt] = square;
    this.windowAt = (this.windowAt + 1) % this.window.length;
    this.windowFilled = Math.min(this.window.length, this.windowFilled + 1);
  }

  private programmeRms(): number {
    const meanSquare = this.windowFilled > 0 ? Math.max(0, this.windowSum) / this.windowFilled : 0;
    return Math.max(FLOOR_RMS, Math.sqrt(meanSquare));
  }
}
