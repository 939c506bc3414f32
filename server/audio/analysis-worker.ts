import { parentPort, workerData } from 'node:worker_threads';
import { analyzeAudioFile } from './analyze.ts';

// Entry of the analysis worker thread: one file in, one result out, then the thread ends.
const { filePath, format } = workerData as { filePath: string; format: Parameters<typeof analyzeAudioFile>[1] };
analyzeAudioFile(filePath, format).then(
  (result) => parentPort?.postMessage({ ok: true, result }),
  (error: unknown) => parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);
