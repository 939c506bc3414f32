import { parentPort } from 'node:worker_threads';
import { analyzeAudioFile } from './analyze.ts';
import { analyseProjectAudio } from './file-facts.ts';

/**
 * What the analysis worker is asked to do: a sample's waveform (and its streaming copy, written to a
 * file the caller names), or a project file's measurements.
 * This thread's imports stay clear of server/db (analysis-worker.test.ts checks the graph): the
 * thread decodes files and nothing else, and a database handle has no business in it.
 */
export type AnalysisJob =
  | { kind: 'sample'; filePath: string; format: Parameters<typeof analyzeAudioFile>[1]; streamingCopyPath?: string }
  | { kind: 'project-file'; filePath: string };

function run(job: AnalysisJob): Promise<unknown> {
  return job.kind === 'project-file'
    ? analyseProjectAudio(job.filePath)
    : analyzeAudioFile(job.filePath, job.format, { streamingCopyPath: job.streamingCopyPath });
}

// Entry of the analysis worker thread (analysis-thread.ts): jobs arrive one at a time, each answered
// with its id; the thread stays for the next one.
parentPort?.on('message', ({ id, job }: { id: number; job: AnalysisJob }) => {
  run(job).then(
    (result) => parentPort?.postMessage({ id, ok: true, result }),
    (error: unknown) => parentPort?.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});
