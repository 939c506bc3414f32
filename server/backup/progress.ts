import { formatBytes } from './report.ts';

/**
 * What a long step of a backup or restore reports as it goes. The services call it; the commands
 * print it on stderr with a ProgressReporter; everyone else passes nothing.
 */
export interface ProgressListener {
  /** A step begins: what it will move (`objects` is null where the count is known only at its end). */
  begin(step: string, total: { objects: number | null; bytes: number }): void;
  advance(moved: { bytes?: number; objects?: number }): void;
  /** The step completed (a step that fails just stops: the reporter's `close` ends its line). */
  end(): void;
}

export const ignoreProgress: ProgressListener = { begin() {}, advance() {}, end() {} };

/** Redraws on a terminal: at most four a second, so a fast copy does not spend its time printing. */
export const TERMINAL_INTERVAL_MS = 250;
/** Lines in a log (stderr not a terminal): one every five seconds keeps a long run readable. */
export const LOG_INTERVAL_MS = 5000;
/** The rate of the first second says little about the rest: no time left before then. */
const SETTLE_MS = 1000;

/** The average rate since the step began, and how long the rest takes at that rate (null: not known yet). */
export function estimate(doneBytes: number, totalBytes: number, elapsedMs: number) {
  if (elapsedMs <= 0 || doneBytes <= 0) return { bytesPerSecond: null, secondsLeft: null };
  const bytesPerSecond = doneBytes / (elapsedMs / 1000);
  const secondsLeft = elapsedMs < SETTLE_MS ? null : Math.max(0, totalBytes - doneBytes) / bytesPerSecond;
  return { bytesPerSecond, secondsLeft };
}

/** "45 s", "3 min 05 s", "2 h 07 min": whole seconds, rounded up (a time left never says 0 too early). */
export function formatDuration(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole} s`;
  const two = (value: number) => String(value).padStart(2, '0');
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${two(whole % 60)} s`;
  return `${Math.floor(whole / 3600)} h ${two(Math.floor((whole % 3600) / 60))} min`;
}

export const formatRate = (bytesPerSecond: number) => `${(bytesPerSecond / 1024 / 1024).toFixed(1)} MB/s`;

interface StepState {
  name: string;
  total: { objects: number | null; bytes: number };
  objects: number;
  bytes: number;
  elapsedMs: number;
  ended: boolean;
}

/** "Restoring: 12 of 40 objects, 350.2 MB of 1024.0 MB, 48.3 MB/s, about 14 s left" (or "done in 21.2 s"). */
export function describeStep(step: StepState): string {
  const { total } = step;
  const objects =
    total.objects === null
      ? `${step.objects} object${step.objects === 1 ? '' : 's'}`
      : `${step.objects} of ${total.objects} object${total.objects === 1 ? '' : 's'}`;
  const parts = [objects, `${formatBytes(step.bytes)} of ${formatBytes(total.bytes)}`];
  const { bytesPerSecond, secondsLeft } = estimate(step.bytes, total.bytes, step.elapsedMs);
  if (bytesPerSecond !== null) parts.push(formatRate(bytesPerSecond));
  if (step.ended)
    parts.push(`done in ${step.elapsedMs < 60_000 ? `${(step.elapsedMs / 1000).toFixed(1)} s` : formatDuration(step.elapsedMs / 1000)}`);
  else if (secondsLeft !== null) parts.push(`about ${formatDuration(secondsLeft)} left`);
  return `${step.name}: ${parts.join(', ')}`;
}

/** Where the reporter writes: process.stderr, or a stand-in in tests. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * Prints a ProgressListener's steps. On a terminal one line is rewritten in place (\r), then left
 * showing the step's final state. Elsewhere (a log, a pipe) a plain line every LOG_INTERVAL_MS and
 * one when the step completes, so a short step writes one line and a long one a few a minute.
 * A step with nothing to move prints nothing.
 */
export class ProgressReporter implements ProgressListener {
  private step: (Omit<StepState, 'elapsedMs' | 'ended'> & { started: number }) | null = null;
  private lastShown = 0;
  private lineOpen = false;

  constructor(
    private readonly stream: ProgressStream,
    private readonly now: () => number = () => performance.now(),
  ) {}

  private get terminal() {
    return this.stream.isTTY === true;
  }

  begin(name: string, total: { objects: number | null; bytes: number }): void {
    this.close();
    if (total.bytes === 0 && !total.objects) return;
    const started = this.now();
    this.step = { name, total, objects: 0, bytes: 0, started };
    this.lastShown = started;
    if (this.terminal) this.show(started, false);
  }

  advance({ bytes = 0, objects = 0 }: { bytes?: number; objects?: number }): void {
    if (!this.step) return;
    this.step.bytes += bytes;
    this.step.objects += objects;
    const now = this.now();
    if (now - this.lastShown >= (this.terminal ? TERMINAL_INTERVAL_MS : LOG_INTERVAL_MS)) this.show(now, false);
  }

  end(): void {
    if (this.step) this.show(this.now(), true);
    this.close();
  }

  /** Ends a line left open by a step that did not complete; call it before printing anything else. */
  close(): void {
    if (this.lineOpen) this.stream.write('\n');
    this.lineOpen = false;
    this.step = null;
  }

  private show(now: number, ended: boolean): void {
    if (!this.step) return;
    this.lastShown = now;
    const text = describeStep({ ...this.step, elapsedMs: now - this.step.started, ended });
    if (!this.terminal) {
      this.stream.write(`${text}\n`);
      return;
    }
    // A line wider than the terminal would wrap, and \r would then rewrite only its last row.
    const width = this.stream.columns ? this.stream.columns - 1 : text.length;
    this.stream.write(`\r${text.slice(0, width)}\x1b[K${ended ? '\n' : ''}`);
    this.lineOpen = !ended;
  }
}
