import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';
import { isTimeZone } from '#common/site-content/opening-hours.ts';
import type { Span } from './slot-rules.ts';

/*
 * The owner's busy times from their own calendar's iCalendar feed (Google, Apple and Outlook all
 * publish one). ical.js expands the recurrences (RRULE, RDATE, EXDATE, moved occurrences); the
 * wall-clock times are turned into instants here, with Temporal's zone data when the TZID is an
 * IANA name (Google and Apple), with the feed's own VTIMEZONE when it is not (Outlook's "Eastern
 * Standard Time"), and in the studio's zone when the time is floating or the zone is unknown.
 */

export class FeedNotReadable extends Error {}

/** A feed that repeats more often than the budget allows in the window: refused whole, never cut short silently. */
export class FeedTooBusy extends Error {}

/**
 * What one feed may cost, counted over the whole feed (not per event): a few hundred recurring
 * events over a year's horizon stay far below it; a rule that repeats every minute does not.
 */
export interface ExpansionBudget {
  /** Busy times inside the window. */
  maxOccurrences: number;
  /** Steps of every recurrence iterator, before the window as well as inside it. */
  maxSteps: number;
}

export const DEFAULT_EXPANSION_BUDGET: ExpansionBudget = { maxOccurrences: 50_000, maxSteps: 1_000_000 };

export interface BusyWindow {
  from: number;
  to: number;
  /** The studio's zone: all-day events and floating times are read in it. */
  timeZone: string;
}

const DAY = 24 * 60 * 60 * 1000;

const zoneNames = new Map<string, boolean>();
/** isTimeZone builds an Intl.DateTimeFormat (a fraction of a millisecond); a feed of thousands of occurrences names a few zones. */
function isKnownZone(tzid: string): boolean {
  let known = zoneNames.get(tzid);
  if (known === undefined) {
    if (zoneNames.size >= 1_000) zoneNames.clear();
    known = isTimeZone(tzid);
    zoneNames.set(tzid, known);
  }
  return known;
}

type IcalTime = InstanceType<typeof ICAL.Time>;
type IcalEvent = InstanceType<typeof ICAL.Event>;

function instantOf(time: IcalTime, tzid: string | null, studioZone: string): number {
  if (time.isDate) {
    return Temporal.PlainDate.from({ year: time.year, month: time.month, day: time.day }).toZonedDateTime({ timeZone: studioZone })
      .epochMilliseconds;
  }
  const zone = time.zone?.tzid;
  if (zone === 'UTC') return time.toJSDate().getTime();
  const wallZone = tzid && isKnownZone(tzid) ? tzid : zone && zone !== 'floating' ? null : studioZone;
  if (wallZone === null) return time.toUnixTime() * 1000; // a zone the feed defined in a VTIMEZONE
  const wall = Temporal.PlainDateTime.from({
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  });
  return wall.toZonedDateTime(wallZone).epochMilliseconds;
}

function tzidOf(event: IcalEvent, property: 'dtstart' | 'dtend'): string | null {
  const value = event.component.getFirstProperty(property)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
}

function isBusy(event: IcalEvent): boolean {
  const status = String(event.component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transparency = String(event.component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status !== 'CANCELLED' && transparency !== 'TRANSPARENT';
}

function occurrenceSpan(item: IcalEvent, start: IcalTime, end: IcalTime, studioZone: string): Span {
  const from = instantOf(start, tzidOf(item, 'dtstart'), studioZone);
  const to = instantOf(end, tzidOf(item, 'dtend') ?? tzidOf(item, 'dtstart'), studioZone);
  return { start: from, end: Math.max(from, to) };
}

function parse(text: string): InstanceType<typeof ICAL.Component> {
  try {
    const calendar = new ICAL.Component(ICAL.parse(text));
    if (calendar.name !== 'vcalendar') throw new FeedNotReadable('The feed is not an iCalendar (.ics) calendar');
    return calendar;
  } catch (error) {
    if (error instanceof FeedNotReadable) throw error;
    throw new FeedNotReadable('The feed is not an iCalendar (.ics) calendar');
  }
}

/** Counts a feed's work against its budget; the first step past it refuses the feed. */
function budgetCounter(budget: ExpansionBudget, window: BusyWindow) {
  let steps = 0;
  let occurrences = 0;
  const days = Math.round((window.to - window.from) / DAY);
  return {
    step() {
      if (++steps > budget.maxSteps)
        throw new FeedTooBusy('The calendar has events that repeat too often to read (every minute or every few seconds)');
    },
    occurrence() {
      if (++occurrences > budget.maxOccurrences)
        throw new FeedTooBusy(
          `The calendar has more than ${budget.maxOccurrences.toLocaleString('en-US')} busy times in the next ${days} days`,
        );
    },
  };
}

/**
 * The busy spans of a feed that touch [from, to), sorted by start. Throws FeedNotReadable for text
 * that is not iCalendar and FeedTooBusy past the budget. Only the budget's counts bound it: a single
 * pathological rule or zone can still take long inside ical.js, so callers run it in a worker with a
 * wall-clock limit (feed-expansion.ts).
 */
export function busyTimes(text: string, window: BusyWindow, budget: ExpansionBudget = DEFAULT_EXPANSION_BUDGET): Span[] {
  const calendar = parse(text);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = zone.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string' && !isKnownZone(tzid)) ICAL.TimezoneService.register(zone);
  }
  const events = calendar.getAllSubcomponents('vevent');
  const moved = new Map<string, InstanceType<typeof ICAL.Component>[]>();
  for (const component of events) {
    if (!component.hasProperty('recurrence-id')) continue;
    const uid = String(component.getFirstPropertyValue('uid'));
    moved.set(uid, [...(moved.get(uid) ?? []), component]);
  }
  const counter = budgetCounter(budget, window);
  const spans: Span[] = [];
  const keep = (span: Span) => {
    if (span.start < window.to && span.end > window.from && span.end > span.start) {
      counter.occurrence();
      spans.push(span);
    }
  };
  for (const component of events) {
    if (component.hasProperty('recurrence-id') || !component.hasProperty('dtstart')) continue;
    const event = new ICAL.Event(component);
    for (const exception of moved.get(event.uid) ?? []) event.relateException(exception);
    if (!event.isRecurring()) {
      if (isBusy(event)) keep(occurrenceSpan(event, event.startDate, event.endDate, window.timeZone));
      continue;
    }
    const iterator = event.iterator();
    const lengthMs = event.duration.toSeconds() * 1000;
    const hasMoved = moved.has(event.uid);
    for (let next = iterator.next(); next; next = iterator.next()) {
      counter.step();
      // Read as UTC, a wall time is off by less than a day: an occurrence that ends a day before the window is stepped over
      // unconverted (one of a rule with moved occurrences only once its own details say so).
      const endsBefore = (end: number) => end < window.from - DAY;
      if (
        endsBefore(next.toUnixTime() * 1000 + lengthMs) &&
        (!hasMoved || endsBefore(event.getOccurrenceDetails(next).endDate.toUnixTime() * 1000))
      ) {
        continue;
      }
      const details = event.getOccurrenceDetails(next);
      if (!isBusy(details.item)) continue;
      const span = occurrenceSpan(details.item, details.startDate, details.endDate, window.timeZone);
      // A moved occurrence may land before its neighbours, so a late one is skipped rather than ending the walk.
      if (instantOf(next, tzidOf(event, 'dtstart'), window.timeZone) >= window.to && span.start >= window.to) break;
      keep(span);
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}
