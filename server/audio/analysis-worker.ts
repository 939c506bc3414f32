import { parentPort, workerData } from 'node:worker_threads';
import { analyzeAudioFile } from './analyze.ts';
import { analyseProjectAudio } from './file-facts.ts';

/**
 * What the analysis worker is asked to do: a sample's waveform, or a project file's measurements.
 * This thread's imports must stay clear of server/db: a better-sqlite3 statement loaded in a worker
 * trips an assertion in Node 24 when the thread exits (analysis-worker.test.ts checks the graph).
 */
export type AnalysisJob =
  { kind: 'sample'; filePath: string; format: Parameters<typeof analyzeAudioFile>[1] } | { kind: 'project-file'; filePath: string };

function run(job: AnalysisJob): Promise<unknown> {
  return job.kind === 'project-file' ? analyseProjectAudio(job.filePath) : analyzeAudioFile(job.filePath, job.format);
}

// Entry of the analysis worker thread: one file in, one result out, then the thread ends.
run(workerData as AnalysisJob).then(
  (result) => parentPort?.postMessage({ ok: true, result }),
  (error: unknown) => parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);
