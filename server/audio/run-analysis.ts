import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { projectRoot } from '#server/paths.ts';
import type { AudioFormat } from '#server/audio/audio-format.ts';
import type { AudioAnalysis } from './analyze.ts';
import type { AnalysisJob } from './analysis-worker.ts';
import type { AudioMeasurements } from './file-facts.ts';

// The worker is TypeScript: its JavaScript entry loads tsx in the thread, whatever runs the main thread
// (tsx from source, or the bundled server), so it is found from the project root, not from this file.
const workerEntry = path.join(projectRoot, 'server', 'audio', 'analysis-worker-entry.mjs');
const SAMPLE_TIMEOUT_MS = 120_000;
/**
 * A project file may hold hours of audio (file-facts.ts measures up to 3 hours): about 4 s of work
 * per 10 minutes of 96 kHz stereo WAV, more for MP3; this leaves room for a slow, shared machine.
 */
const PROJECT_FILE_TIMEOUT_MS = 15 * 60_000;
// Decoding chunk by chunk needs far less; the cap protects the server from a bad file.
const WORKER_HEAP_MB = 256;

/** Runs one job in a fresh worker thread, so decoding never blocks request handling. */
function runInWorker<T>(job: AnalysisJob, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerEntry, { workerData: job, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('audio analysis timed out'));
    }, timeoutMs);
    worker.once('message', (message: { ok: true; result: T } | { ok: false; message: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (message.ok) resolve(message.result);
      else reject(new Error(message.message));
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`analysis worker exited with code ${code}`));
    });
  });
}

/** A sample's duration and waveform (server/samples). */
export function runAnalysisInWorker(filePath: string, format: AudioFormat): Promise<AudioAnalysis> {
  return runInWorker({ kind: 'sample', filePath, format }, SAMPLE_TIMEOUT_MS);
}

/**
 * A project file's facts and levels (analyseProjectAudio): null when it is not audio read here;
 * rejects when the file cannot be read, the worker fails or it runs past its time.
 */
export function runProjectAudioAnalysisInWorker(filePath: string): Promise<AudioMeasurements | null> {
  return runInWorker({ kind: 'project-file', filePath }, PROJECT_FILE_TIMEOUT_MS);
}
