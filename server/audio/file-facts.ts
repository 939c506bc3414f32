import type { FileAnalysis } from '#common/projects.ts';
import { decodeInSteps } from './analyze.ts';
import { readContainerFacts } from './container-facts.ts';
import type { ContainerFacts } from './header-facts.ts';
import { LoudnessMeter } from './loudness.ts';
import { PeakOutline } from './peak-outline.ts';
import { ListeningCopyOutput, type ListeningCopyRequest } from './listening-copy-output.ts';
import type { StreamingCopyFacts } from './streaming-copy.ts';

/** Everything one decode of a file measures: the client's file table (FileAnalysis) and the review room's extras. */
export interface AudioMeasurements extends FileAnalysis {
  /** True peak (dBTP, BS.1770-4 Annex 2). */
  truePeakDbtp: number | null;
  /** Loudness range (LU, EBU Tech 3342). */
  loudnessRangeLu: number | null;
  /** Waveform outline, PEAK_COUNT values 0..1 (the loudest is 1); store it with encodePeaks (common/peaks.ts). */
  peaks: number[] | null;
  /** The listening copy written from the same decode when one was asked for; null when none was made. */
  streamingCopy?: StreamingCopyFacts | null;
  /** Its watermarked twin, when one was asked for too. */
  watermarkedCopy?: StreamingCopyFacts | null;
}

/** Progress is told at most this often (in share of the file), so a long file sends a hundred messages, not thousands. */
const PROGRESS_STEP = 0.01;

/**
 * The longest audio measured: a project file may be a long session export (2 hours of 96 kHz
 * stereo is about 5 GB), but a file whose header claims more than this, or whose decoded audio
 * runs past it (a header may lie: silence compresses to almost nothing), is not measured further
 * and keeps only its header facts. About 3 minutes of work at 48 kHz stereo on one core.
 */
export const MAX_MEASURED_SECONDS = 3 * 3600;

/**
 * Files beyond these are described, not measured: the meters keep buffers per channel, and a header
 * claiming 65535 channels or a rate of gigahertz is damaged or hostile (Atmos beds have 12 channels,
 * PCM tops out at 768 kHz).
 */
const MAX_MEASURED_CHANNELS = 32;
const MAX_MEASURED_SAMPLE_RATE = 1_000_000;

/** A file whose first-frame bitrate is this far from its measured average was variable-bitrate after all. */
const VBR_TOLERANCE = 0.1;

type Signal = Pick<AudioMeasurements, 'peakDbfs' | 'loudnessLufs' | 'truePeakDbtp' | 'loudnessRangeLu' | 'peaks'> & {
  decodedSeconds: number;
};

const round = (value: number | null, decimals: number) => (value === null ? null : Number(value.toFixed(decimals)));

/**
 * Analyses a client's or the studio's file: its format facts from the headers, and its levels from
 * one decode. Null when the file is not audio read here (a ZIP, a PDF, text). A file that is audio
 * but cannot be decoded (an encoding the decoder lacks, a damaged stream, over MAX_MEASURED_SECONDS)
 * keeps its header facts with null levels. Throws only when the file cannot be read.
 *
 * Memory stays bounded whatever the file's size: headers are read with positioned reads,
 * decodeInSteps hands over about 4 MB of samples at a time, and the meters keep filter states, two
 * numbers per 100 ms and a waveform of at most a few thousand points. `maxSeconds` is lowered by tests.
 */
export async function analyseProjectAudio(
  filePath: string,
  maxSeconds = MAX_MEASURED_SECONDS,
  copy?: ListeningCopyRequest,
): Promise<AudioMeasurements | null> {
  const facts = await readContainerFacts(filePath);
  if (!facts) return null;
  const measurable =
    (facts.durationSeconds ?? 0) <= maxSeconds &&
    (facts.channels ?? 0) <= MAX_MEASURED_CHANNELS &&
    (facts.sampleRate ?? 0) <= MAX_MEASURED_SAMPLE_RATE;
  const output = copy && measurable ? new ListeningCopyOutput(copy) : null;
  const signal =
    facts.decode && measurable
      ? await measureSignal(filePath, facts, maxSeconds, output, copy?.onProgress).catch(async (error: unknown) => {
          await output?.finish(false);
          throw error;
        })
      : null;
  const made = output ? await output.finish(signal !== null) : undefined;
  return {
    format: facts.format,
    // What was decoded is exact; the header is only a claim.
    durationSeconds: round(signal?.decodedSeconds ?? facts.durationSeconds, 3),
    sampleRate: facts.sampleRate,
    bitDepth: facts.bitDepth,
    channels: facts.channels,
    bitrateKbps: bitrateOf(facts, signal),
    peakDbfs: signal?.peakDbfs ?? null,
    loudnessLufs: signal?.loudnessLufs ?? null,
    truePeakDbtp: signal?.truePeakDbtp ?? null,
    loudnessRangeLu: signal?.loudnessRangeLu ?? null,
    peaks: signal?.peaks ?? null,
    ...(made ? { streamingCopy: made.clean, watermarkedCopy: made.watermarked } : {}),
  };
}

/** Just the fields of FileAnalysis (what the file table stores), without the outline and the review room's extras. */
export function toFileAnalysis({
  format,
  durationSeconds,
  sampleRate,
  bitDepth,
  channels,
  bitrateKbps,
  peakDbfs,
  loudnessLufs,
}: AudioMeasurements): FileAnalysis {
  return { format, durationSeconds, sampleRate, bitDepth, channels, bitrateKbps, peakDbfs, loudnessLufs };
}

function bitrateOf(facts: ContainerFacts, signal: Signal | null): number | null {
  if (facts.encodedBytes === undefined || !signal || signal.decodedSeconds <= 0) return facts.bitrateKbps;
  const averageKbps = (facts.encodedBytes * 8) / signal.decodedSeconds / 1000;
  if (facts.bitrateKbps && Math.abs(averageKbps - facts.bitrateKbps) <= facts.bitrateKbps * VBR_TOLERANCE) return facts.bitrateKbps;
  return Math.round(averageKbps);
}

/**
 * Decodes the file once, feeding the loudness meter, the waveform outline and the listening copy
 * (when one is made); null when it cannot be decoded to the end.
 */
async function measureSignal(
  filePath: string,
  facts: ContainerFacts,
  maxSeconds: number,
  copy: ListeningCopyOutput | null,
  onProgress?: (fraction: number) => void,
): Promise<Signal | null> {
  if (!facts.decode) return null;
  let meter: LoudnessMeter | null = null;
  let outline: PeakOutline | null = null;
  let channelCount = 0;
  let sampleRate = 0;
  let frames = 0;
  let told = 0;
  try {
    for await (const chunk of decodeInSteps(filePath, facts.decode.format, facts.decode.source)) {
      if (!meter || !outline) {
        sampleRate = chunk.sampleRate || facts.sampleRate || 0;
        channelCount = Math.max(facts.channels ?? 0, chunk.channelData.length);
        if (!(sampleRate > 0 && sampleRate <= MAX_MEASURED_SAMPLE_RATE) || channelCount > MAX_MEASURED_CHANNELS) return null;
        meter = new LoudnessMeter(sampleRate, channelCount);
        outline = new PeakOutline(facts.durationSeconds ? facts.durationSeconds * sampleRate : null);
      }
      const channels = fitChannels(chunk.channelData, channelCount);
      meter.push(channels);
      outline.push(channels);
      frames += channels[0].length;
      if (frames > maxSeconds * sampleRate) return null;
      // The copy gets the decoder's own channels: the writer folds them as the samples' copies are folded.
      await copy?.push(chunk.channelData, sampleRate);
      told = tellProgress(onProgress, told, facts.durationSeconds ? frames / (facts.durationSeconds * sampleRate) : null);
    }
  } catch (error) {
    if (isSystemError(error)) throw error;
    return null;
  }
  if (!meter || !outline) return null;
  const levels = meter.result();
  return {
    decodedSeconds: frames / sampleRate,
    peakDbfs: round(levels.samplePeakDbfs, 2),
    loudnessLufs: round(levels.integratedLufs, 2),
    truePeakDbtp: round(levels.truePeakDbtp, 2),
    loudnessRangeLu: round(levels.loudnessRangeLu, 2),
    peaks: outline.peaks(),
  };
}

/** Tells the share decoded when it moved on by PROGRESS_STEP since last told; answers the share last told. */
function tellProgress(onProgress: ((fraction: number) => void) | undefined, told: number, fraction: number | null): number {
  if (!onProgress || fraction === null) return told;
  const share = Math.min(1, Math.max(0, fraction));
  if (share - told < PROGRESS_STEP) return told;
  onProgress(share);
  return share;
}

/**
 * The decoders of lossy formats give a stereo stream whose channels are identical as one channel
 * (audio-decode's dedupe): it is measured as the stereo the file is, not as mono (3 LU quieter).
 */
function fitChannels(channels: Float32Array[], count: number): Float32Array[] {
  if (channels.length === count) return channels;
  if (channels.length < count) return Array.from({ length: count }, (_, index) => channels[index] ?? channels[0]);
  return channels.slice(0, count);
}

/** A failed read of the file (not a decoder's complaint about its contents). */
function isSystemError(error: unknown): boolean {
  return (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).code === 'string' &&
    /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code ?? '')
  );
}
