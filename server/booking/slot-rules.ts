import { Temporal } from 'temporal-polyfill';
import { WEEKDAYS, type Weekday } from '#common/site-content/weekdays.ts';

/*
 * Which consultation times are free: pure rules over the studio's week, its dates off, the owner's
 * busy times and the bookings already taken. Every wall-clock time is read in the studio's zone with
 * Temporal, so a daylight-saving change moves the instants, never the studio's hours; the visitor's
 * zone only changes how the page groups and words the same instants.
 */

/** A weekly window of availability, in the studio's wall-clock time ("09:00" to "12:30"). */
export interface WeeklyWindow {
  day: Weekday;
  from: string;
  to: string;
}

/** Dates off, inclusive, as the studio's calendar dates ("2027-12-24" to "2027-12-26"). */
export interface DatesOff {
  from: string;
  to: string;
}

/** What of a consultation type the slots depend on (minutes and days). */
export interface SlotShape {
  lengthMinutes: number;
  /** Slots start every so many minutes from the start of a window (a 20-minute call every 30 minutes). */
  startEveryMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minimumNoticeMinutes: number;
  horizonDays: number;
  /** At most this many consultations on one of the studio's days (every type counts). */
  maxPerDay: number;
}

/** Half-open interval of instants, epoch milliseconds. */
export interface Span {
  start: number;
  end: number;
}

/** A booking already taken, with the buffers of its own type. */
export interface TakenSpan extends Span {
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

export interface Availability {
  timeZone: string;
  weekly: readonly WeeklyWindow[];
  datesOff: readonly DatesOff[];
}

export interface SlotQuery {
  shape: SlotShape;
  availability: Availability;
  /** The owner's busy times (from the calendar feed). */
  busy: readonly Span[];
  /** Bookings not cancelled, of every type. */
  taken: readonly TakenSpan[];
  now: number;
  /** The part of time the caller asks about; the notice and the horizon narrow it further. */
  from: number;
  to: number;
}

const MINUTE = 60_000;

function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

function padded(span: Span, beforeMinutes: number, afterMinutes: number): Span {
  return { start: span.start - beforeMinutes * MINUTE, end: span.end + afterMinutes * MINUTE };
}

function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

function weekdayOf(date: Temporal.PlainDate): Weekday {
  return WEEKDAYS[date.dayOfWeek - 1];
}

function isDateOff(date: Temporal.PlainDate, datesOff: readonly DatesOff[]): boolean {
  const day = date.toString();
  return datesOff.some((range) => range.from <= day && day <= range.to);
}

/**
 * The instant a wall-clock time of the studio's day names. In the hour a spring change skips,
 * Temporal's 'compatible' reading moves forward (02:30 becomes 03:30); in the hour an autumn change
 * repeats, it takes the first of the two.
 */
function instantAt(date: Temporal.PlainDate, minuteOfDay: number, timeZone: string): number {
  const plainTime = new Temporal.PlainTime(Math.floor(minuteOfDay / 60), minuteOfDay % 60);
  return date.toZonedDateTime({ timeZone, plainTime }).epochMilliseconds;
}

/** The studio's calendar date of an instant. */
export function studioDate(instant: number, timeZone: string): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone).toPlainDate();
}

/**
 * Starts (epoch ms) a window of one day offers, before anything else is checked. The window's ends
 * are read as instants and the starts step in real time between them, so a window over a change is
 * as long as the hours that really pass: one hour shorter in spring, one longer in autumn.
 */
function windowStarts(date: Temporal.PlainDate, window: WeeklyWindow, shape: SlotShape, timeZone: string): number[] {
  const starts: number[] = [];
  const end = instantAt(date, minutesOfDay(window.to), timeZone);
  for (
    let start = instantAt(date, minutesOfDay(window.from), timeZone);
    start + shape.lengthMinutes * MINUTE <= end;
    start += shape.startEveryMinutes * MINUTE
  ) {
    starts.push(start);
  }
  return starts;
}

function countByStudioDate(taken: readonly Span[], timeZone: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const span of taken) {
    const key = studioDate(span.start, timeZone).toString();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * The busy spans as disjoint runs sorted by start (overlapping and touching spans joined), so
 * whether a slot meets one is a binary search, however many a year of the owner's calendar holds.
 */
export function mergedSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ start: span.start, end: span.end });
  }
  return merged;
}

/** Whether `span` meets one of the disjoint, sorted `runs`. */
function meetsAny(span: Span, runs: readonly Span[]): boolean {
  let low = 0;
  let high = runs.length;
  // The first run that ends after the span starts: the only one that can overlap it first.
  while (low < high) {
    const middle = (low + high) >> 1;
    if (runs[middle].end <= span.start) low = middle + 1;
    else high = middle;
  }
  return low < runs.length && runs[low].start < span.end;
}

/** Why a start is not offered, checked in the order a person would explain it. */
function isFree(slot: Span, query: SlotQuery, busyRuns: readonly Span[]): boolean {
  const { shape } = query;
  const guarded = padded(slot, shape.bufferBeforeMinutes, shape.bufferAfterMinutes);
  if (meetsAny(guarded, busyRuns)) return false;
  // Two bookings keep the larger of the buffers between them: this slot's around the other, or the other's around this one.
  return !query.taken.some(
    (other) => overlaps(guarded, other) || overlaps(slot, padded(other, other.bufferBeforeMinutes, other.bufferAfterMinutes)),
  );
}

/** The free slots of a consultation type between `from` and `to`, in order (starts and ends, epoch ms). */
export function freeSlots(query: SlotQuery): Span[] {
  const { shape, availability } = query;
  const { timeZone } = availability;
  const earliest = Math.max(query.from, query.now + shape.minimumNoticeMinutes * MINUTE);
  const latest = Math.min(query.to, query.now + shape.horizonDays * 24 * 60 * MINUTE);
  if (earliest >= latest) return [];
  // A feed may hold a year of busy times; only those near the asked span can meet a slot.
  const margin = (shape.bufferBeforeMinutes + shape.lengthMinutes + shape.bufferAfterMinutes) * MINUTE;
  const busyRuns = mergedSpans(query.busy.filter((span) => span.end > earliest - margin && span.start < latest + margin));
  const perDay = countByStudioDate(query.taken, timeZone);
  const slots: Span[] = [];
  const lastDate = studioDate(latest, timeZone);
  for (let date = studioDate(earliest, timeZone); Temporal.PlainDate.compare(date, lastDate) <= 0; date = date.add({ days: 1 })) {
    if (isDateOff(date, availability.datesOff)) continue;
    if ((perDay.get(date.toString()) ?? 0) >= shape.maxPerDay) continue;
    const windows = availability.weekly.filter((window) => window.day === weekdayOf(date));
    const starts = windows.flatMap((window) => windowStarts(date, window, shape, timeZone)).sort((a, b) => a - b);
    for (const start of new Set(starts)) {
      if (start < earliest || start >= latest) continue;
      const slot = { start, end: start + shape.lengthMinutes * MINUTE };
      if (isFree(slot, query, busyRuns)) slots.push(slot);
    }
  }
  return slots;
}

/** Whether `start` is one of the free slots: the same rules the slot list uses, for the instant a visitor sent. */
export function isFreeSlot(start: number, query: Omit<SlotQuery, 'from' | 'to'>): boolean {
  const day = 24 * 60 * MINUTE;
  return freeSlots({ ...query, from: start - day, to: start + day }).some((slot) => slot.start === start);
}

/** Why a start a visitor sent is not bookable: a mistake in the request (400), or a slot just taken (409). */
export type SlotProblem = 'past' | 'too-soon' | 'too-far' | 'not-a-slot' | 'taken';

export function slotProblem(start: number, query: Omit<SlotQuery, 'from' | 'to'>): SlotProblem | null {
  const { shape, now } = query;
  if (start <= now) return 'past';
  if (start < now + shape.minimumNoticeMinutes * MINUTE) return 'too-soon';
  if (start >= now + shape.horizonDays * 24 * 60 * MINUTE) return 'too-far';
  if (!isFreeSlot(start, { ...query, busy: [], taken: [] })) return 'not-a-slot';
  return isFreeSlot(start, query) ? null : 'taken';
}
