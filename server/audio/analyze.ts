import { createReadStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { decodeChunked } from 'audio-decode';
import { MAX_AUDIO_SECONDS } from '#common/samples.ts';
import { readDeclaredDuration } from './audio-duration.ts';
import type { AudioFormat } from '#common/audio-format.ts';
import { PeakOutline } from './peak-outline.ts';
import { StreamingCopyWriter, type StreamingCopyFacts } from './streaming-copy.ts';

export interface AudioAnalysis {
  durationSeconds: number | null;
  /** Normalised 0..1 (the loudest is 1); null when the file could not be decoded here. Stored encoded (common/peaks.ts). */
  peaks: number[] | null;
  /** The streaming copy written to the path the caller gave (decision 087); null when none was asked for or made. */
  streamingCopy?: StreamingCopyFacts | null;
}

export interface AnalysisOptions {
  /**
   * Where to write the streaming copy (MP3 256 kbps) from the same decode. Nothing is left there
   * when the file cannot be decoded to its end.
   */
  streamingCopyPath?: string;
}

const FALLBACK_SAMPLE_RATE = 44_100;

/**
 * Decoding stops this far past the length limit: a header that claimed a short file may hide hours
 * of audio (silence compresses to a few bytes per second), and the decoder must not follow it.
 */
const DECODE_CUTOFF_SECONDS = MAX_AUDIO_SECONDS + 60;

/**
 * What one call of the decoder may produce, roughly. Compressed input can expand enormously (a
 * silent FLAC frame of 14 bytes holds 4096 samples per channel), so the input is fed in slices sized
 * from the expansion seen so far: memory stays bounded by this, not by the input's compression ratio.
 */
export const MAX_DECODED_BYTES_PER_STEP = 4 * 1024 * 1024;
const MIN_SLICE_BYTES = 64;
const MAX_SLICE_BYTES = 64 * 1024;
const FIRST_SLICE_BYTES = 1024;

/**
 * The file cut into slices whose size the consumer adjusts between slices (`state.size`). A slice
 * that produced nothing (headers, or a container that needs its index first) doubles the next one,
 * so that reading up to the first samples does not take thousands of tiny steps.
 */
function slicer(filePath: string, source: DecodeSource) {
  const state = { size: FIRST_SLICE_BYTES, lastSlice: 0, produced: true };
  const start = source.start ?? 0;
  async function* slices(): AsyncGenerator<Uint8Array> {
    if (source.header) yield source.header;
    if (source.end !== undefined && source.end <= start) return;
    // createReadStream's `end` is inclusive.
    const range = { start, end: source.end === undefined ? undefined : source.end - 1 };
    for await (const chunk of createReadStream(filePath, { highWaterMark: MAX_SLICE_BYTES, ...range })) {
      const bytes = chunk as Buffer;
      for (let offset = 0; offset < bytes.length;) {
        if (!state.produced) state.size = Math.min(MAX_SLICE_BYTES, state.size * 2);
        state.produced = false;
        const slice = bytes.subarray(offset, offset + state.size);
        offset += slice.length;
        state.lastSlice = slice.length;
        yield slice;
      }
    }
  }
  return { state, slices: slices() };
}

/** What audio-decode is asked to decode here: the samples' formats, and AIFF and Ogg for client files. */
export type DecodableFormat = AudioFormat | 'aiff' | 'oga' | 'opus';

/**
 * Which bytes the decoder gets: by default the whole file. A caller that has read the container
 * itself can give a byte range (the samples only, so trailing chunks are not decoded as sound) and
 * a header to feed first (a plain WAV header in front of an RF64 file's samples, say).
 */
export interface DecodeSource {
  header?: Uint8Array;
  start?: number;
  /** Exclusive. */
  end?: number;
}

/**
 * Decodes a file step by step, each step's samples about MAX_DECODED_BYTES_PER_STEP at most (once the
 * first step has shown how much the input expands).
 */
export async function* decodeInSteps(
  filePath: string,
  format: DecodableFormat,
  source: DecodeSource = {},
): AsyncGenerator<{ channelData: Float32Array[]; sampleRate: number }> {
  const input = slicer(filePath, source);
  for await (const chunk of decodeChunked(input.slices, format)) {
    yield chunk;
    input.state.produced = true;
    const decodedBytes = (chunk.channelData[0]?.length ?? 0) * chunk.channelData.length * 4;
    if (decodedBytes > 0 && input.state.lastSlice > 0) {
      const expansion = decodedBytes / input.state.lastSlice;
      input.state.size = Math.max(MIN_SLICE_BYTES, Math.min(MAX_SLICE_BYTES, Math.floor(MAX_DECODED_BYTES_PER_STEP / expansion)));
    }
  }
}

/**
 * Whether an MP4 file keeps its index (moov) after the samples (mdat). Its decoder then holds the
 * whole file until the index arrives and decodes everything in one step, so such files get no
 * waveform here (the player draws one in the browser).
 */
export async function indexAfterSamples(filePath: string): Promise<boolean> {
  const file = await open(filePath, 'r');
  try {
    const size = (await file.stat()).size;
    const header = Buffer.alloc(16);
    let offset = 0;
    for (let boxes = 0; boxes < 1000 && offset + 8 <= size; boxes++) {
      await file.read(header, 0, 16, offset);
      const type = header.toString('latin1', 4, 8);
      if (type === 'moov') return false;
      if (type === 'mdat') return true;
      const boxSize = header.readUInt32BE(0);
      const length = boxSize === 1 ? Number(header.readBigUInt64BE(8)) : boxSize === 0 ? size - offset : boxSize;
      if (length < 8) return false;
      offset += length;
    }
    return false;
  } finally {
    await file.close();
  }
}

/** Raised inside the worker when decoded audio runs past the cut-off. */
export class AudioTooLongError extends Error {}

/**
 * Duration and a waveform outline, decoded chunk by chunk (never the whole file in memory, and at
 * most about MAX_DECODED_BYTES_PER_STEP of samples at a time). A file whose header says it is longer
 * than the limit is not decoded; one whose decoded audio runs past the cut-off is abandoned with
 * AudioTooLongError. Runs inside the analysis worker, never on the request thread.
 */
export async function analyzeAudioFile(filePath: string, format: AudioFormat, options: AnalysisOptions = {}): Promise<AudioAnalysis> {
  const size = (await stat(filePath)).size;
  const declaredSeconds = await readDeclaredDuration(createReadStream(filePath), size, format);
  if (declaredSeconds !== null && declaredSeconds > MAX_AUDIO_SECONDS) {
    throw new AudioTooLongError(`the file says it is ${Math.round(declaredSeconds)} s long; not decoded`);
  }
  if (format === 'm4a' && (await indexAfterSamples(filePath))) return { durationSeconds: declaredSeconds, peaks: null };

  let outline: PeakOutline | null = null;
  let cutoffFrames = 0;
  let totalFrames = 0;
  let sampleRate = 0;
  const copy = options.streamingCopyPath ? new StreamingCopyWriter(options.streamingCopyPath) : null;
  let copyFacts: StreamingCopyFacts | null;
  const dropCopy = async () => {
    await copy?.close();
    if (options.streamingCopyPath) await rm(options.streamingCopyPath, { force: true });
  };
  try {
    for await (const chunk of decodeInSteps(filePath, format)) {
      if (!outline) {
        sampleRate = chunk.sampleRate || FALLBACK_SAMPLE_RATE;
        outline = new PeakOutline(declaredSeconds ? declaredSeconds * sampleRate : null);
        cutoffFrames = DECODE_CUTOFF_SECONDS * sampleRate;
      }
      outline.push(chunk.channelData);
      totalFrames += chunk.channelData[0]?.length ?? 0;
      if (totalFrames > cutoffFrames) throw new AudioTooLongError(`decoded audio runs past ${DECODE_CUTOFF_SECONDS} s`);
      await copy?.push(chunk.channelData, sampleRate);
    }
    copyFacts = (await copy?.finish()) ?? null;
  } catch (error) {
    await dropCopy();
    if (error instanceof AudioTooLongError) throw error;
    return { durationSeconds: declaredSeconds, peaks: null, streamingCopy: null };
  }
  const peaks = outline?.peaks() ?? null;
  if (!peaks) {
    await dropCopy();
    return { durationSeconds: declaredSeconds, peaks: null, streamingCopy: null };
  }

  // What was decoded is exact; the header is only a claim.
  const decodedSeconds = sampleRate > 0 ? totalFrames / sampleRate : null;
  return { durationSeconds: decodedSeconds ?? declaredSeconds, peaks, streamingCopy: copyFacts };
}
