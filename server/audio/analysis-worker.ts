import { parentPort } from 'node:worker_threads';
import { analyzeAudioFile } from './analyze.ts';
import { analyseProjectAudio } from './file-facts.ts';
import type { ListeningCopyRequest } from './listening-copy-output.ts';

/**
 * What the analysis worker is asked to do: a sample's waveform (and its streaming copy, written to a
 * file the caller names), or a project file's measurements (and a review version's listening copy).
 * This thread's imports stay clear of server/db (analysis-worker.test.ts checks the graph): the
 * thread decodes files and nothing else, and a database handle has no business in it.
 */
export type AnalysisJob =
  | { kind: 'sample'; filePath: string; format: Parameters<typeof analyzeAudioFile>[1]; streamingCopyPath?: string }
  | { kind: 'project-file'; filePath: string; listeningCopy?: Omit<ListeningCopyRequest, 'onProgress'> };

/** A message the thread sends while a job runs: the share of a listening copy's source decoded so far. */
export interface ProgressMessage {
  id: number;
  progress: number;
}

function run(id: number, job: AnalysisJob): Promise<unknown> {
  if (job.kind === 'sample') return analyzeAudioFile(job.filePath, job.format, { streamingCopyPath: job.streamingCopyPath });
  const copy = job.listeningCopy && {
    ...job.listeningCopy,
    onProgress: (progress: number) => parentPort?.postMessage({ id, progress } satisfies ProgressMessage),
  };
  return analyseProjectAudio(job.filePath, undefined, copy);
}

// Entry of the analysis worker thread (analysis-thread.ts): jobs arrive one at a time, each answered
// with its id; the thread stays for the next one.
parentPort?.on('message', ({ id, job }: { id: number; job: AnalysisJob }) => {
  run(id, job).then(
    (result) => parentPort?.postMessage({ id, ok: true, result }),
    (error: unknown) => parentPort?.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});
