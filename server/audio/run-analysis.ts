import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { projectRoot } from '#server/paths.ts';
import type { AudioFormat } from '#server/audio/audio-format.ts';
import type { AudioAnalysis } from './analyze.ts';

// The worker is TypeScript: its JavaScript entry loads tsx in the thread, whatever runs the main thread
// (tsx from source, or the bundled server), so it is found from the project root, not from this file.
const workerEntry = path.join(projectRoot, 'server', 'audio', 'analysis-worker-entry.mjs');
const ANALYSIS_TIMEOUT_MS = 120_000;
// Decoding a 50 MB file chunk by chunk needs far less; the cap protects the server from a bad file.
const WORKER_HEAP_MB = 256;

/** Analyses one audio file in a fresh worker thread, so decoding never blocks request handling. */
export function runAnalysisInWorker(filePath: string, format: AudioFormat): Promise<AudioAnalysis> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerEntry, {
      workerData: { filePath, format },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('audio analysis timed out'));
    }, ANALYSIS_TIMEOUT_MS);
    worker.once('message', (message: { ok: true; result: AudioAnalysis } | { ok: false; message: string }) => {
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
