import { Worker } from 'node:worker_threads';
import { workerScript } from '#server/jobs/worker-script.ts';
import { DEFAULT_EXPANSION_BUDGET, type BusyWindow, type ExpansionBudget } from './busy-times.ts';
import type { ExpansionJob, ExpansionReply } from './feed-expansion-worker.ts';
import { FEED_NOT_READ } from './feed-fetch.ts';
import type { Span } from './slot-rules.ts';

/*
 * Expanding the owner's calendar feed off the event loop, within budgets. ical.js walks recurrences
 * and feed-defined time zones with no bound of its own: one rule (a daily event repeating every
 * billion days, a zone changing every second since 1601) can keep it busy for minutes. So every
 * expansion runs in a thread of its own that is ended when the wall-clock budget runs out, with a
 * capped heap, while the occurrence and step budgets refuse a feed that is merely too large.
 * A refused feed never becomes the copy the slots are read from (calendar-feed.ts).
 */

/**
 * Starts the time budget: calls `expire` once `ms` have passed, unless the returned stop is called
 * first. The wall clock in production; a test names its own, so that whether a feed is read never
 * depends on how loaded the machine running it is.
 */
export type ExpansionClock = (ms: number, expire: () => void) => () => void;

export const wallClock: ExpansionClock = (ms, expire) => {
  const timer = setTimeout(expire, ms);
  return () => clearTimeout(timer);
};

export interface ExpansionLimits {
  /** The thread is ended after this long: a feed that needs more is refused. */
  timeoutMs: number;
  budget: ExpansionBudget;
  heapMb: number;
  /** What measures timeoutMs: the wall clock unless a test names another. */
  clock?: ExpansionClock;
}

/**
 * A 250-event working calendar expands in 2-5 s on a busy shared core (docs/benchmarks.md), so the
 * time budget leaves it room; a hostile rule is ended at the same bound, off the event loop.
 */
export const DEFAULT_EXPANSION_LIMITS: ExpansionLimits = { timeoutMs: 20_000, budget: DEFAULT_EXPANSION_BUDGET, heapMb: 256 };

export type ExpansionOutcome = { kind: 'expanded'; spans: Span[] } | { kind: 'refused'; message: string };

const script = workerScript('feed-expansion-worker.js', new URL('./feed-expansion-worker-entry.mjs', import.meta.url));

const advice = 'remove or end the events that repeat that often, or use a calendar that holds only your busy times';

function outcomeOf(reply: ExpansionReply): ExpansionOutcome {
  switch (reply.kind) {
    case 'expanded': {
      const spans: Span[] = [];
      for (let index = 0; index < reply.spans.length; index += 2) spans.push({ start: reply.spans[index], end: reply.spans[index + 1] });
      return { kind: 'expanded', spans };
    }
    case 'too-busy':
      return { kind: 'refused', message: `${reply.message}: ${advice}` };
    case 'unreadable':
    case 'failed':
      // Worded as a failed fetch: whether an address answers with a page or a calendar is not told apart.
      return { kind: 'refused', message: FEED_NOT_READ };
  }
}

/** The busy spans of a feed in `window`, or why the feed is refused. Never throws for anything the feed holds. */
export function expandFeed(
  text: string,
  window: BusyWindow,
  limits: ExpansionLimits = DEFAULT_EXPANSION_LIMITS,
): Promise<ExpansionOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: limits.heapMb } });
    let settled = false;
    // Assigned below: a test's clock may run out as soon as it starts, before it has handed back its stop.
    let stopClock = () => {};
    const settle = (outcome: ExpansionOutcome) => {
      if (settled) return;
      settled = true;
      stopClock();
      void worker.terminate();
      resolve(outcome);
    };
    stopClock = (limits.clock ?? wallClock)(limits.timeoutMs, () => {
      const seconds = Math.round(limits.timeoutMs / 1000);
      settle({ kind: 'refused', message: `The calendar took longer than ${seconds} seconds to read: ${advice}` });
    });
    worker.once('message', (reply: ExpansionReply) => settle(outcomeOf(reply)));
    // Out of memory (the heap cap) or a crash inside the parser: the feed is what made it.
    worker.once('error', () => settle({ kind: 'refused', message: `The calendar is too large to read: ${advice}` }));
    worker.once('exit', () => settle({ kind: 'refused', message: `The calendar is too large to read: ${advice}` }));
    const job: ExpansionJob = { text, window, budget: limits.budget };
    worker.postMessage(job);
  });
}
