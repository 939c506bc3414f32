import type { AudioFormat } from '#common/audio-format.ts';
import type { AnalysisOptions, AudioAnalysis } from './analyze.ts';
import { AnalysisThread } from './analysis-thread.ts';
import type { AudioMeasurements } from './file-facts.ts';
import type { ListeningCopyRequest } from './listening-copy-output.ts';

/**
 * A sample's job encodes its streaming copy too (decision 087): about 6 s per minute of audio on a
 * busy 2-core machine, so a 20-minute sample needs about 2 minutes; this leaves room for a slower one.
 */
const SAMPLE_TIMEOUT_MS = 10 * 60_000;
/**
 * A project file may hold hours of audio (file-facts.ts measures up to 3 hours): about 4 s of work
 * per 10 minutes of 96 kHz stereo WAV, more for MP3; this leaves room for a slow, shared machine.
 */
const PROJECT_FILE_TIMEOUT_MS = 15 * 60_000;

// One thread per queue (samples, project files): each queue runs one job at a time, and a long
// project file never holds up a sample's waveform.
const sampleThread = new AnalysisThread();
const projectFileThread = new AnalysisThread();

/** A sample's duration and waveform, and its streaming copy when a path is given (server/samples). */
export function runAnalysisInWorker(filePath: string, format: AudioFormat, options: AnalysisOptions = {}): Promise<AudioAnalysis> {
  return sampleThread.run({ kind: 'sample', filePath, format, ...options }, SAMPLE_TIMEOUT_MS);
}

/**
 * A project file's facts and levels (analyseProjectAudio), and a review version's listening copy
 * when one is asked for (written to `copy.path`; its progress told to `copy.onProgress`): null when it is not audio read here;
 * rejects when the file cannot be read, the worker fails or it runs past its time.
 */
export function runProjectAudioAnalysisInWorker(filePath: string, copy?: ListeningCopyRequest): Promise<AudioMeasurements | null> {
  // The progress callback stays here (a function cannot cross to the thread): the thread's messages reach it.
  const listeningCopy = copy && {
    path: copy.path,
    bitrateKbps: copy.bitrateKbps,
    ...(copy.watermark ? { watermark: copy.watermark } : {}),
  };
  return projectFileThread.run(
    { kind: 'project-file', filePath, ...(listeningCopy ? { listeningCopy } : {}) },
    PROJECT_FILE_TIMEOUT_MS,
    copy?.onProgress,
  );
}
