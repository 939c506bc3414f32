import { open, type FileHandle } from 'node:fs/promises';
import { createMp3Encoder } from 'wasm-media-encoders';

/** The streaming copy's format (decision 087): MP3 at a constant 256 kbps plays in every browser. */
export const STREAM_CONTENT_TYPE = 'audio/mpeg';
export const STREAM_BITRATE_KBPS = 256;

/**
 * The constant bitrates a copy may be made at: 256 kbps (the samples', and the review room's
 * default) and 320, the most MPEG-1 Layer III allows, for those who judge detail (decision 101).
 */
export const STREAM_BITRATES = [256, 320] as const;
export type StreamBitrate = (typeof STREAM_BITRATES)[number];

/** What was written: the copy's size, its bitrate, and the rate and channels it plays at. */
export interface StreamingCopyFacts {
  bytes: number;
  bitrateKbps: StreamBitrate;
  sampleRate: number;
  channels: 1 | 2;
}

type Mp3Encoder = Awaited<ReturnType<typeof createMp3Encoder>>;
type OutputRate = 32_000 | 44_100 | 48_000;

/** The rates MPEG-1 Layer III (and so 256 kbps) allows. */
const MPEG1_RATES: readonly OutputRate[] = [32_000, 44_100, 48_000];

/**
 * The rate the copy plays at. An MPEG-1 rate stays; other rates go to the one of their family
 * (22.05, 88.2, 176.4 kHz → 44.1; 16, 24, 96, 192 kHz → 48), so resampling is by a whole ratio where
 * one exists; anything else goes to 44.1 kHz below it and 48 kHz above.
 */
export function streamSampleRate(sourceRate: number): OutputRate {
  if (MPEG1_RATES.includes(sourceRate as OutputRate)) return sourceRate as OutputRate;
  const related = (base: number) => sourceRate > 0 && (base % sourceRate === 0 || sourceRate % base === 0);
  if (related(44_100)) return 44_100;
  if (related(48_000)) return 48_000;
  return sourceRate <= 44_100 ? 44_100 : 48_000;
}

/**
 * A few thousand frames per encoder call: the encoder copies its input into its own (WebAssembly)
 * memory, which never shrinks, so it is fed in slices of a fixed size whatever a decode step gave.
 */
const FRAMES_PER_CALL = 32_768;

/**
 * Makes an MP3 file from decoded audio as it streams by: each decoded chunk is encoded and its bytes
 * written out at once, so memory holds one chunk, never the file. Mono stays mono; more than two
 * channels are folded into stereo (odd channels left, even right, as a WAV's front pairs are laid
 * out). LAME resamples (its own filter) when the source rate is not one MPEG-1 Layer III allows.
 * Samples (`analyze.ts`) and review-room versions (`file-facts.ts`) both write their copy through it.
 */
export class StreamingCopyWriter {
  private encoder: Mp3Encoder | null = null;
  private file: FileHandle | null = null;
  private facts: StreamingCopyFacts | null = null;
  private channels: 1 | 2 = 2;

  constructor(
    private readonly outputPath: string,
    private readonly bitrateKbps: StreamBitrate = STREAM_BITRATE_KBPS,
  ) {}

  /** Encodes one decoded chunk (per-channel samples in -1..1) and appends its bytes to the file. */
  async push(channelData: Float32Array[], sampleRate: number): Promise<void> {
    const frames = channelData[0]?.length ?? 0;
    if (frames === 0) return;
    if (!this.encoder) await this.start(channelData.length, sampleRate);
    const input = this.foldChannels(channelData);
    for (let start = 0; start < frames; start += FRAMES_PER_CALL) {
      const slice = input.map((channel) => channel.subarray(start, start + FRAMES_PER_CALL));
      await this.write(this.encoder!.encode(slice));
    }
  }

  /** Flushes the encoder and closes the file; null when no audio ever arrived (no file worth keeping). */
  async finish(): Promise<StreamingCopyFacts | null> {
    if (!this.encoder || !this.facts) return null;
    await this.write(this.encoder.finalize());
    await this.close();
    return this.facts;
  }

  /** Closes the file without finishing it (the caller removes it). */
  async close(): Promise<void> {
    const file = this.file;
    this.file = null;
    await file?.close();
  }

  private async start(channelCount: number, sampleRate: number) {
    this.channels = channelCount === 1 ? 1 : 2;
    const outputRate = streamSampleRate(sampleRate);
    const encoder = await createMp3Encoder();
    encoder.configure({
      sampleRate,
      channels: this.channels,
      bitrate: this.bitrateKbps,
      ...(outputRate === sampleRate ? {} : { outputSampleRate: outputRate }),
    });
    this.file = await open(this.outputPath, 'w');
    this.encoder = encoder;
    this.facts = { bytes: 0, bitrateKbps: this.bitrateKbps, sampleRate: outputRate, channels: this.channels };
  }

  private foldChannels(channelData: Float32Array[]): Float32Array[] {
    if (this.channels === 1) return [channelData[0]!];
    if (channelData.length === 1) return [channelData[0]!, channelData[0]!];
    if (channelData.length === 2) return channelData;
    const frames = channelData[0]!.length;
    const left = new Float32Array(frames);
    const right = new Float32Array(frames);
    const perSide = Math.ceil(channelData.length / 2);
    channelData.forEach((channel, index) => {
      const side = index % 2 === 0 ? left : right;
      for (let frame = 0; frame < frames; frame++) side[frame]! += channel[frame]! / perSide;
    });
    return [left, right];
  }

  /** The encoder answers a view of its own memory, reused by the next call: copied before anything else runs. */
  private async write(view: Uint8Array) {
    if (view.length === 0 || !this.file || !this.facts) return;
    const bytes = Buffer.from(view);
    await this.file.write(bytes, 0, bytes.length);
    this.facts.bytes += bytes.length;
  }
}
