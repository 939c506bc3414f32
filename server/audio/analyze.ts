import { createReadStream } from 'node:fs';
import { decodeChunked } from 'audio-decode';
import { parseFile } from 'music-metadata';
import type { AudioFormat } from '#server/audio/audio-format.ts';

export interface AudioAnalysis {
  durationSeconds: number | null;
  /** Normalised 0..1, two decimals; null when the file could not be decoded here. */
  peaks: number[] | null;
}

export const PEAK_COUNT = 1000;
const FALLBACK_BLOCK_FRAMES = 256;

async function readDuration(filePath: string): Promise<{ seconds: number | null; sampleRate: number | null }> {
  try {
    const metadata = await parseFile(filePath, { duration: true, skipCovers: true });
    const seconds = metadata.format.duration;
    return { seconds: seconds && Number.isFinite(seconds) ? seconds : null, sampleRate: metadata.format.sampleRate ?? null };
  } catch {
    return { seconds: null, sampleRate: null };
  }
}

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
 * Duration (music-metadata) and a waveform outline (audio-decode, chunk by chunk so a long file is
 * never decoded whole into memory). Runs inside the analysis worker, never on the request thread.
 */
export async function analyzeAudioFile(filePath: string, format: AudioFormat): Promise<AudioAnalysis> {
  const metadata = await readDuration(filePath);
  const expectedFrames = metadata.seconds && metadata.sampleRate ? metadata.seconds * metadata.sampleRate : null;
  const blockFrames = expectedFrames ? Math.max(1, Math.floor(expectedFrames / PEAK_COUNT)) : FALLBACK_BLOCK_FRAMES;

  const blocks: number[] = [];
  let blockMax = 0;
  let blockFilled = 0;
  let totalFrames = 0;
  let sampleRate = 0;
  try {
    for await (const chunk of decodeChunked(createReadStream(filePath), format)) {
      sampleRate = chunk.sampleRate || sampleRate;
      const channels = chunk.channelData;
      const frames = channels[0]?.length ?? 0;
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
    }
  } catch {
    return { durationSeconds: metadata.seconds, peaks: null };
  }
  if (blockFilled > 0) blocks.push(blockMax);
  if (blocks.length === 0) return { durationSeconds: metadata.seconds, peaks: null };

  const pooled = poolTo(blocks, PEAK_COUNT);
  const loudest = Math.max(...pooled);
  const peaks = pooled.map((value) => (loudest > 0 ? Math.round((value / loudest) * 100) / 100 : 0));
  const decodedSeconds = sampleRate > 0 ? totalFrames / sampleRate : null;
  return { durationSeconds: metadata.seconds ?? decodedSeconds, peaks };
}
