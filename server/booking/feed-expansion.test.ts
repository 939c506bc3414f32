import { describe, expect, it } from 'vitest';
import {
  calendarOf,
  COUNTS_ONLY,
  eventOf,
  hugeIntervalCalendar,
  ordinaryBusyCalendar,
  secondlyZoneCalendar,
} from '#server/test-support/busy-calendars.ts';
import { DEFAULT_EXPANSION_BUDGET } from './busy-times.ts';
import { DEFAULT_EXPANSION_LIMITS, expandFeed } from './feed-expansion.ts';
import { FEED_NOT_READ } from './feed-fetch.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse('2026-12-02T12:00:00Z');
const month = { from: now - DAY, to: now + 31 * DAY, timeZone: 'America/New_York' };
/** The real clock, for the hostile feeds: each runs for minutes in ical.js, so it outlasts 3 seconds on any machine. */
const limits = { ...DEFAULT_EXPANSION_LIMITS, timeoutMs: 3_000 };

/** Runs `work` while counting the event loop's turns: a loop kept busy by the work would count none. */
async function whileCounting<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  const timer = setInterval(() => (turns += 1), 20);
  try {
    return { result: await work(), turns };
  } finally {
    clearInterval(timer);
  }
}

describe('expanding the owner’s feed off the event loop', () => {
  it('gives the busy times of an ordinary working calendar', async () => {
    // Hundreds of rules stepped from January 2025 take seconds in ical.js (2-5 s on a busy core, docs/benchmarks.md, where
    // the default budget's room is measured): read here against a clock that never runs out, so load cannot refuse it.
    const outcome = await expandFeed(ordinaryBusyCalendar(), month, COUNTS_ONLY);
    expect(outcome.kind).toBe('expanded');
    // 200 weekly events over 32 days and 50 daily ones.
    if (outcome.kind === 'expanded') expect(outcome.spans.length).toBeGreaterThan(200 * 4 + 50 * 31);
  });

  it.each([
    ['a daily rule repeating every billion days', hugeIntervalCalendar()],
    ['a zone of its own that changes every second since 1601, with a moved occurrence in it', secondlyZoneCalendar()],
  ])('refuses %s within the time budget while the site keeps turning', async (_name, text) => {
    const { result, turns } = await whileCounting(() => expandFeed(text, month, limits));
    expect(result).toEqual({ kind: 'refused', message: expect.stringContaining('took longer than 3 seconds to read') });
    expect(turns).toBeGreaterThan(10);
  });

  it('measures the time budget with the clock it is given', async () => {
    // A clock that has run out before the thread could answer: even an empty calendar is refused on time.
    const outOfTime = { ...limits, clock: (_ms: number, expire: () => void) => (expire(), () => {}) };
    expect(await expandFeed(calendarOf(), month, outOfTime)).toEqual({
      kind: 'refused',
      message: expect.stringContaining('took longer than 3 seconds to read'),
    });
  });

  it('refuses a feed past the occurrence budget with what to change, counted over the whole feed', async () => {
    const small = { ...COUNTS_ONLY, budget: { ...DEFAULT_EXPANSION_BUDGET, maxOccurrences: 8_000 } };
    const minutely = calendarOf(eventOf('minutely@owner', 'DTSTART:20261201T000000Z', 'DTEND:20261201T000030Z', 'RRULE:FREQ=MINUTELY'));
    expect(await expandFeed(minutely, month, small)).toEqual({
      kind: 'refused',
      message: expect.stringContaining('more than 8,000 busy times in the next 32 days'),
    });
    // Eleven hourly events (768 each in the window) add up past the budget, though none of them alone comes near it.
    const events = Array.from({ length: 11 }, (_, index) =>
      eventOf(`hourly-${index}@owner`, 'DTSTART:20261201T000000Z', 'DTEND:20261201T000500Z', 'RRULE:FREQ=HOURLY'),
    );
    expect((await expandFeed(calendarOf(...events), month, small)).kind).toBe('refused');
    expect((await expandFeed(calendarOf(...events.slice(0, 10)), month, small)).kind).toBe('expanded');
  });

  it('refuses text that is not a calendar, and a value ical.js throws on', async () => {
    const broken = calendarOf(eventOf('broken@owner', 'DTSTART:20261399T990000Z', 'RRULE:FREQ=DAILY;UNTIL=garbage'));
    for (const text of ['<html>Sign in</html>', broken]) {
      expect(await expandFeed(text, month, COUNTS_ONLY)).toEqual({
        kind: 'refused',
        message: FEED_NOT_READ,
      });
    }
  });
});
