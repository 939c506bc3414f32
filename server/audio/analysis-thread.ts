import { Worker } from 'node:worker_threads';
import { workerScript as bundledOrSource } from '#server/jobs/worker-script.ts';
import type { AnalysisJob, ProgressMessage } from './analysis-worker.ts';

/** The analysis worker's code: build/analysis-worker.js beside the bundled server, or the source entry. */
export function workerScript(): URL {
  return bundledOrSource('analysis-worker.js', new URL('./analysis-worker-entry.mjs', import.meta.url));
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string } | ProgressMessage;

interface Pending {
  id: number;
  onProgress?: (fraction: number) => void;
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export interface AnalysisThreadOptions {
  /** The thread's heap cap: decoding goes chunk by chunk, so a file that needs more is a bad file. */
  heapMb: number;
  /** A thread with nothing to do for this long ends, giving its memory back. */
  idleMs: number;
  /** A fresh thread after this many jobs, so nothing one file left behind weighs on the next. */
  jobsPerThread: number;
  /** The worker's code: the bundle or the source entry, whichever is beside this file (benchmarks name one). */
  script: URL;
}

const DEFAULTS: Omit<AnalysisThreadOptions, 'script'> = { heapMb: 256, idleMs: 30_000, jobsPerThread: 100 };

/**
 * One long-lived worker thread that runs analysis jobs one after another. Starting a thread (and
 * loading the decoders) costs more than a short file's analysis, so the thread stays for the next
 * job; it ends when idle, after `jobsPerThread` jobs, when a job runs past its time (the only way
 * to stop a decode) or when it crashes (out of memory), and the next job starts a new one.
 * Callers queue their jobs (one at a time each), so a job here never waits behind another's.
 */
export class AnalysisThread {
  private worker: Worker | null = null;
  private pending: Pending | null = null;
  private jobsRun = 0;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly options: AnalysisThreadOptions;
  /** Threads started so far (the metrics and tests read it: one per many jobs is the point). */
  threadsStarted = 0;

  constructor(options: Partial<AnalysisThreadOptions> = {}) {
    this.options = { ...DEFAULTS, script: options.script ?? workerScript(), ...options };
  }

  /** Runs one job; `onProgress` hears what the job tells while it runs (a listening copy's share decoded). */
  run<T>(job: AnalysisJob, timeoutMs: number, onProgress?: (fraction: number) => void): Promise<T> {
    if (this.pending) return Promise.reject(new Error('the analysis thread is busy: queue jobs one at a time'));
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.currentWorker();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error('audio analysis timed out')), timeoutMs);
      this.pending = { id, resolve: resolve as (result: unknown) => void, reject, timer, onProgress };
      worker.postMessage({ id, job });
    });
  }

  /** Ends the thread now (shutdown, tests); a job still running is rejected. */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.settle()?.reject(new Error('the analysis thread was closed'));
    await this.endWorker();
  }

  private currentWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.options.script, { resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb } });
    // An idle thread never keeps the process alive; a running job's timer does.
    worker.unref();
    worker.on('message', (reply: Reply) => this.onReply(reply));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.fail(new Error(`analysis worker exited with code ${code}`));
    });
    this.worker = worker;
    this.jobsRun = 0;
    this.threadsStarted += 1;
    return worker;
  }

  private onReply(reply: Reply) {
    if (reply.id !== this.pending?.id) return;
    if ('progress' in reply) {
      this.pending.onProgress?.(reply.progress);
      return;
    }
    const pending = this.settle();
    if (!pending) return;
    this.jobsRun += 1;
    if (this.jobsRun >= this.options.jobsPerThread) void this.endWorker();
    else this.idleTimer = setTimeout(() => void this.endWorker(), this.options.idleMs).unref();
    if (reply.ok) pending.resolve(reply.result);
    else pending.reject(new Error(reply.message));
  }

  /** The running job fails and the thread goes: whatever state it was in is not trusted again. */
  private fail(error: Error) {
    const pending = this.settle();
    void this.endWorker();
    pending?.reject(error);
  }

  private settle(): Pending | null {
    const pending = this.pending;
    this.pending = null;
    if (pending) clearTimeout(pending.timer);
    return pending;
  }

  private async endWorker() {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
