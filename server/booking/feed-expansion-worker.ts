import { parentPort } from 'node:worker_threads';
import { busyTimes, FeedNotReadable, FeedTooBusy, type BusyWindow, type ExpansionBudget } from './busy-times.ts';

/*
 * The thread that expands one calendar feed (feed-expansion.ts starts one per expansion and ends it
 * when the wall-clock budget runs out). The spans go back as one flat Float64Array (start, end, ...)
 * moved, not copied, so a year of busy times costs the main thread no parsing.
 */

export interface ExpansionJob {
  text: string;
  window: BusyWindow;
  budget: ExpansionBudget;
}

export type ExpansionReply =
  | { kind: 'expanded'; spans: Float64Array }
  | { kind: 'unreadable'; message: string }
  | { kind: 'too-busy'; message: string }
  | { kind: 'failed'; message: string };

function expand(job: ExpansionJob): ExpansionReply {
  try {
    const spans = busyTimes(job.text, job.window, job.budget);
    const flat = new Float64Array(spans.length * 2);
    spans.forEach((span, index) => {
      flat[index * 2] = span.start;
      flat[index * 2 + 1] = span.end;
    });
    return { kind: 'expanded', spans: flat };
  } catch (error) {
    if (error instanceof FeedNotReadable) return { kind: 'unreadable', message: error.message };
    if (error instanceof FeedTooBusy) return { kind: 'too-busy', message: error.message };
    // ical.js throws plain errors on values it cannot read (a date of month 13): the feed is not readable as a whole.
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.once('message', (job: ExpansionJob) => {
  const reply = expand(job);
  parentPort?.postMessage(reply, reply.kind === 'expanded' ? [reply.spans.buffer as ArrayBuffer] : []);
});
