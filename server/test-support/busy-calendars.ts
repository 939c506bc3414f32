import { DEFAULT_EXPANSION_LIMITS, type ExpansionLimits } from '#server/booking/feed-expansion.ts';

/*
 * Owners' calendar feeds for tests and benchmarks: an ordinary busy calendar, and the two feeds the
 * hardening round found could freeze the site (a daily rule with an enormous interval; a zone the
 * feed defines itself that repeats every second since 1601, with one moved occurrence placed in it).
 */

/**
 * Limits whose clock never runs out, for a test that expands a feed it expects read (or refused by
 * the counts): the outcome is then the feed's and the count budgets' alone, never the machine's
 * load. A hostile feed is tested against the real clock, which it always outlasts (it runs for
 * minutes); whether the default budget leaves an ordinary calendar room is docs/benchmarks.md's.
 */
export const COUNTS_ONLY: ExpansionLimits = { ...DEFAULT_EXPANSION_LIMITS, clock: () => () => {} };

const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

export function calendarOf(...body: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Owner//Calendar//EN', ...body, 'END:VCALENDAR'].join('\r\n') + '\r\n';
}

export function eventOf(uid: string, ...lines: string[]): string {
  return ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');
}

const two = (value: number) => String(value).padStart(2, '0');

/** `20250106T093000` for a day of January 2025 and a minute of that day, New York time. */
const januaryTime = (day: number, minuteOfDay: number) =>
  `202501${two(day)}T${two(Math.floor(minuteOfDay / 60))}${two(minuteOfDay % 60)}00`;

function recurringEvent(uid: string, day: number, startMinute: number, lengthMinutes: number, rule: string): string {
  return eventOf(
    uid,
    `DTSTART;TZID=America/New_York:${januaryTime(day, startMinute)}`,
    `DTEND;TZID=America/New_York:${januaryTime(day, startMinute + lengthMinutes)}`,
    `RRULE:${rule}`,
    `SUMMARY:${uid}`,
  );
}

/**
 * 200 weekly and 50 daily recurring events in New York time, started in January 2025 with no end
 * (about 50 KB: a studio owner's whole calendar of a few years, nights and weekends included), which
 * still leaves some of the studio's hours free.
 */
export function ordinaryBusyCalendar(): string {
  const events: string[] = [];
  for (let index = 0; index < 200; index++) {
    const day = 6 + (index % 7); // 6 January 2025 is a Monday
    const start = ((index * 7) % 24) * 60 + ((index * 5) % 4) * 15;
    events.push(recurringEvent(`weekly-${index}@owner`, day, start, 30, `FREQ=WEEKLY;BYDAY=${WEEKDAY_CODES[index % 7]}`));
  }
  for (let index = 0; index < 50; index++) {
    events.push(recurringEvent(`daily-${index}@owner`, 6, ((index * 5) % 24) * 60 + ((index * 13) % 50), 10, 'FREQ=DAILY'));
  }
  return calendarOf(...events);
}

/** A daily rule whose interval is almost a billion days. */
export function hugeIntervalCalendar(): string {
  return calendarOf(eventOf('forever@owner', 'DTSTART:20260101T150000Z', 'DTEND:20260101T160000Z', 'RRULE:FREQ=DAILY;INTERVAL=999999999'));
}

/** A zone defined by the feed that changes every second since 1601, and one moved occurrence placed in it. */
export function secondlyZoneCalendar(): string {
  const zone = [
    'BEGIN:VTIMEZONE',
    'TZID:Every Second Time',
    'BEGIN:STANDARD',
    'DTSTART:16010101T000000',
    'RRULE:FREQ=SECONDLY',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0000',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
  const weekly = eventOf('weekly@owner', 'DTSTART:20260105T150000Z', 'DTEND:20260105T160000Z', 'RRULE:FREQ=WEEKLY');
  const moved = eventOf(
    'weekly@owner',
    'RECURRENCE-ID:20260112T150000Z',
    'DTSTART;TZID=Every Second Time:20260113T100000',
    'DTEND;TZID=Every Second Time:20260113T110000',
  );
  return calendarOf(zone, weekly, moved);
}
