import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { decodeChunked } from 'audio-decode';
import { MAX_AUDIO_SECONDS } from '#common/samples.ts';
import { readDeclaredDuration } from './audio-duration.ts';
import type { AudioFormat } from './audio-format.ts';

export interface AudioAnalysis {
  durationSeconds: number | null;
  /** Normalised 0..1 (the loudest is 1); null when the file could not be decoded here. Stored encoded (common/peaks.ts). */
  peaks: number[] | null;
}

export const PEAK_COUNT = 1000;
const FALLBACK_BLOCK_FRAMES = 256;
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
function slicer(filePath: string) {
  const state = { size: FIRST_SLICE_BYTES, lastSlice: 0, produced: true };
  async function* slices(): AsyncGenerator<Uint8Array> {
    for await (const chunk of createReadStream(filePath, { highWaterMark: MAX_SLICE_BYTES })) {
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

/**
 * Decodes a file step by step, each step's samples about MAX_DECODED_BYTES_PER_STEP at most (once the
 * first step has shown how much the input expands).
 */
export async function* decodeInSteps(
  filePath: string,
  format: AudioFormat,
): AsyncGenerator<{ channelData: Float32Array[]; sampleRate: number }> {
  const input = slicer(filePath);
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

/** Max-pools a list of block maxima down to at most `count` values. */
function poolTo(values: number[], count: number): number[] {
  if (values.length <= count) return values;
  const pooled: number[] = [];
  for (let i = 0; i < count; i++) {
    const from = Math.floor((i * values.length) / count);
    const to = Math.max(from + 1, Math.floor(((i + 1) * values.length) / count));
    let max = 0;
    for (let j = from; j < to; j++) if (values[j] > max) max = values[j];
    pooled.push(max);
  }
  return pooled;
}

/**
 * Duration and a waveform outline, decoded chunk by chunk (never the whole file in memory, and at
 * most about MAX_DECODED_BYTES_PER_STEP of samples at a time). A file whose header says it is longer
 * than the limit is not decoded; one whose decoded audio runs past the cut-off is abandoned with
 * AudioTooLongError. Runs inside the analysis worker, never on the request thread.
 */
export async function analyzeAudioFile(filePath: string, format: AudioFormat): Promise<AudioAnalysis> {
  const size = (await stat(filePath)).size;
  const declaredSeconds = await readDeclaredDuration(createReadStream(filePath), size, format);
  if (declaredSeconds !== null && declaredSeconds > MAX_AUDIO_SECONDS) {
    throw new AudioTooLongError(`the file says it is ${Math.round(declaredSeconds)} s long; not decoded`);
  }
  if (format === 'm4a' && (await indexAfterSamples(filePath))) return { durationSeconds: declaredSeconds, peaks: null };

  let blockFrames = 0;
  let cutoffFrames = 0;
  const blocks: number[] = [];
  let blockMax = 0;
  let blockFilled = 0;
  let totalFrames = 0;
  let sampleRate = 0;
  try {
    for await (const chunk of decodeInSteps(filePath, format)) {
      const channels = chunk.channelData;
      const frames = channels[0]?.length ?? 0;
      if (!sampleRate) {
        sampleRate = chunk.sampleRate || FALLBACK_SAMPLE_RATE;
        const expectedFrames = declaredSeconds ? declaredSeconds * sampleRate : null;
        blockFrames = expectedFrames ? Math.max(1, Math.floor(expectedFrames / PEAK_COUNT)) : FALLBACK_BLOCK_FRAMES;
        cutoffFrames = DECODE_CUTOFF_SECONDS * sampleRate;
      }
      for (let frame = 0; frame < frames; frame++) {
        for (const channel of channels) {
          const value = Math.abs(channel[frame]);
          if (value > blockMax) blockMax = value;
        }
        if (++blockFilled === blockFrames) {
          blocks.push(blockMax);
          blockMax = 0;
          blockFilled = 0;
        }
      }
      totalFrames += frames;
      if (totalFrames > cutoffFrames) throw new AudioTooLongError(`decoded audio runs past ${DECODE_CUTOFF_SECONDS} s`);
    }
  } catch (error) {
    if (error instanceof AudioTooLongError) throw error;
    return { durationSeconds: declaredSeconds, peaks: null };
  }
  if (blockFilled > 0) blocks.push(blockMax);
  if (blocks.length === 0) return { durationSeconds: declaredSeconds, peaks: null };

  const pooled = poolTo(blocks, PEAK_COUNT);
  const loudest = Math.max(...pooled);
  // Not rounded: the stored form quantises to 1/255 (common/peaks.ts).
  const peaks = pooled.map((value) => (loudest > 0 ? value / loudest : 0));
  // What was decoded is exact; the header is only a claim.
  const decodedSeconds = sampleRate > 0 ? totalFrames / sampleRate : null;
  return { durationSeconds: decodedSeconds ?? declaredSeconds, peaks };
}
