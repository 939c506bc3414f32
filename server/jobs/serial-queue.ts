/**
 * Background work done one job at a time, in the order asked (a job asked twice while it waits is
 * done once). One at a time because the jobs decode or hash whole audio files: memory stays flat.
 * A failed job is handed to `failed` and the queue goes on; `stop` drops what waits (shutdown).
 */
export class SerialQueue<Job> {
  private readonly waiting = new Set<Job>();
  private running: Promise<void> | null = null;
  private working = false;
  private stopped = false;

  constructor(
    private readonly work: (job: Job) => Promise<void>,
    private readonly failed: (error: unknown, job: Job) => void,
  ) {}

  add(job: Job): void {
    if (this.stopped) return;
    this.waiting.add(job);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when nothing is queued or running (tests, the seed and benchmarks wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Jobs waiting or being worked on right now. */
  get depth(): number {
    return this.waiting.size + (this.working ? 1 : 0);
  }

  stop(): void {
    this.stopped = true;
    this.waiting.clear();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const next = this.waiting.values().next();
      if (next.done || this.stopped) return;
      this.waiting.delete(next.value);
      this.working = true;
      try {
        await this.work(next.value);
      } catch (error) {
        this.failed(error, next.value);
      } finally {
        this.working = false;
      }
    }
  }
}
