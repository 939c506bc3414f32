import { rm } from 'node:fs/promises';
import { StreamingCopyWriter, type StreamBitrate, type StreamingCopyFacts } from './streaming-copy.ts';

/**
 * A review-room version's listening copy (decision 101): made from the decode that measures it, by
 * the samples' encoder (StreamingCopyWriter), at the project's bitrate. Nothing is left at `path`
 * when the file cannot be decoded to its end.
 */
export interface ListeningCopyRequest {
  path: string;
  bitrateKbps: StreamBitrate;
  /** The share of the file decoded so far (0..1), told now and then: the room shows it while the copy is made. */
  onProgress?: (fraction: number) => void;
}

/** The copy a decode feeds, chunk by chunk. */
export class ListeningCopyOutput {
  private readonly writer: StreamingCopyWriter;

  constructor(private readonly request: ListeningCopyRequest) {
    this.writer = new StreamingCopyWriter(request.path, request.bitrateKbps);
  }

  /** One decoded chunk into the copy (the writer folds the channels as the samples' copies are folded). */
  push(channelData: Float32Array[], sampleRate: number): Promise<void> {
    return this.writer.push(channelData, sampleRate);
  }

  /** The copy's facts once the whole file went through it; otherwise its file is removed (null). */
  async finish(decodedToEnd: boolean): Promise<StreamingCopyFacts | null> {
    const facts = decodedToEnd ? await this.writer.finish() : null;
    if (facts) return facts;
    await this.writer.close();
    await rm(this.request.path, { force: true });
    return null;
  }
}
