import { rm } from 'node:fs/promises';
import { StreamingCopyWriter, type StreamBitrate, type StreamingCopyFacts } from './streaming-copy.ts';
import { WatermarkMixer, type WatermarkSettings } from './watermark.ts';

/**
 * A review-room version's listening copy (decision 101): made from the decode that measures it, by
 * the samples' encoder (StreamingCopyWriter), at the project's bitrate; and, when asked, its
 * watermarked twin from the same decode into a second file. Nothing is left at either path when the
 * file cannot be decoded to its end.
 */
export interface ListeningCopyRequest {
  path: string;
  bitrateKbps: StreamBitrate;
  /** The watermarked copy: where it goes, and its tag's interval and level. */
  watermark?: { path: string; settings: WatermarkSettings };
  /** The share of the file decoded so far (0..1), told now and then: the room shows it while the copy is made. */
  onProgress?: (fraction: number) => void;
}

/** The copies a decode feeds, chunk by chunk. */
export class ListeningCopyOutput {
  private readonly clean: StreamingCopyWriter;
  private readonly marked: StreamingCopyWriter | null;
  private mixer: WatermarkMixer | null = null;

  constructor(private readonly request: ListeningCopyRequest) {
    this.clean = new StreamingCopyWriter(request.path, request.bitrateKbps);
    this.marked = request.watermark ? new StreamingCopyWriter(request.watermark.path, request.bitrateKbps) : null;
  }

  /** One decoded chunk into the copy, and with the tag mixed in into the watermarked one. */
  async push(channelData: Float32Array[], sampleRate: number): Promise<void> {
    await this.clean.push(channelData, sampleRate);
    const watermark = this.request.watermark;
    if (!this.marked || !watermark) return;
    this.mixer ??= new WatermarkMixer(sampleRate, watermark.settings);
    await this.marked.push(this.mixer.mix(channelData), sampleRate);
  }

  /** The copies' facts once the whole file went through; otherwise their files are removed (null). */
  async finish(decodedToEnd: boolean): Promise<{ clean: StreamingCopyFacts | null; watermarked: StreamingCopyFacts | null }> {
    const clean = await finishOne(this.clean, this.request.path, decodedToEnd);
    const watermarked = this.marked ? await finishOne(this.marked, this.request.watermark!.path, decodedToEnd) : null;
    return { clean, watermarked };
  }
}

async function finishOne(writer: StreamingCopyWriter, path: string, decodedToEnd: boolean): Promise<StreamingCopyFacts | null> {
  const facts = decodedToEnd ? await writer.finish() : null;
  if (facts) return facts;
  await writer.close();
  await rm(path, { force: true });
  return null;
}
