import type { SlotTime } from '#common/booking/slot-days.ts';

/*
 * The booking picker's steps as addresses: `?type=&tz=&day=&start=` says what the visitor chose, so
 * the page works without JavaScript (each choice is a link or a GET form) and the island keeps the
 * same address in step as it moves without reloading.
 */

export interface BookingChoice {
  type?: string | null;
  tz?: string | null;
  day?: string | null;
  start?: string | null;
}

/** A date of the visitor's with free times: the starts (ISO) that fall on it. */
export interface OpenDay {
  date: string;
  starts: string[];
}

/** Where the picker starts: the choices of the address that still hold, and the free slots worded for them. */
export interface InitialChoice {
  type: string | null;
  tz: string;
  /** The zone came from the address; otherwise the browser's replaces the studio's guess. */
  tzChosen: boolean;
  day: string | null;
  start: string | null;
  /** The free starts by date in `tz`, and the times of the day on show, worded by the server (the island hydrates without Intl). */
  days: OpenDay[];
  shown: { date: string; times: SlotTime[] } | null;
}

/** The page's address with the choices made so far (blank ones left out). */
export function bookingHref(path: string, choice: BookingChoice): string {
  const query = new URLSearchParams();
  for (const key of ['type', 'tz', 'day', 'start'] as const) {
    const value = choice[key];
    if (value) query.set(key, value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The day asked for when it has free times, otherwise the first day that has. */
export function pickDay<Day extends { date: string }>(days: readonly Day[], wanted: string | null | undefined): Day | null {
  return days.find((day) => day.date === wanted) ?? days[0] ?? null;
}

export interface CalendarCell {
  /** "2027-03-14" */
  date: string;
  /** The day of the month, 1-31. */
  dayOfMonth: number;
  /** Whether the date has free times (a date before or after the span is padding). */
  open: boolean;
}

const DAY_MS = 86_400_000;
const dateAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * The dates from the first open one to the last, in weeks from Monday to Sunday, for a month-like
 * grid. Plain calendar arithmetic in UTC: the dates are already the visitor's.
 */
export function calendarWeeks(openDates: readonly string[]): CalendarCell[][] {
  if (openDates.length === 0) return [];
  const open = new Set(openDates);
  const first = msOf(openDates[0]!);
  const last = msOf(openDates.at(-1)!);
  // getUTCDay: Sunday 0; the week starts on Monday.
  const start = first - ((new Date(first).getUTCDay() + 6) % 7) * DAY_MS;
  const end = last + (6 - ((new Date(last).getUTCDay() + 6) % 7)) * DAY_MS;
  const weeks: CalendarCell[][] = [];
  for (let ms = start; ms <= end; ms += DAY_MS) {
    if ((ms - start) % (7 * DAY_MS) === 0) weeks.push([]);
    const date = dateAt(ms);
    weeks.at(-1)!.push({ date, dayOfMonth: new Date(ms).getUTCDate(), open: open.has(date) });
  }
  return weeks;
}

// Calendar dates are worded from these rather than Intl: the page's first Intl formatter loads the
// platform's locale and zone data, a long task on a phone that hydrating the picker need not wait for.
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "Monday, March 15" for a calendar date. */
export function longDay(date: string): string {
  const day = new Date(msOf(date));
  return `${WEEKDAY_NAMES[day.getUTCDay()]}, ${MONTH_NAMES[day.getUTCMonth()]} ${day.getUTCDate()}`;
}

const monthOf = (date: string) => `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** "March 2027", or "March – April 2027" when the span crosses a month. */
export function monthsLabel(firstDate: string, lastDate: string): string {
  const first = monthOf(firstDate);
  const last = monthOf(lastDate);
  if (first === last) return first;
  const [firstMonth, firstYear] = first.split(' ');
  return firstYear === last.split(' ')[1] ? `${firstMonth} – ${last}` : `${first} – ${last}`;
}

/** "America/New York" from "America/New_York": how a zone reads in the list. */
export const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/** Every zone the list offers (sorted), with the ones in use added where the platform's list lacks them (it may say Asia/Calcutta). */
export function zoneChoices(known: readonly string[], ...inUse: string[]): readonly string[] {
  const missing = inUse.filter((zone, at) => !known.includes(zone) && inUse.indexOf(zone) === at);
  // Code-unit order, not localeCompare: collating four hundred names is a long task on a phone.
  return missing.length === 0 ? known : [...known, ...missing].sort();
}

/** Times from Intl may hold a narrow no-break space before AM/PM (newer ICU): one spelling, so server and browser agree. */
export const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
