import type { SlotDay } from '#common/booking/slot-days.ts';

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

/** Where the picker starts: the choices of the address that still hold, and the free slots (ISO starts). */
export interface InitialChoice {
  type: string | null;
  tz: string;
  /** The zone came from the address; otherwise the browser's replaces the studio's guess. */
  tzChosen: boolean;
  day: string | null;
  start: string | null;
  slots: string[];
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
export function pickDay(days: readonly SlotDay[], wanted: string | null | undefined): SlotDay | null {
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

const dayFormats = {
  long: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }),
  month: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }),
};

/** "Monday, March 15" for a calendar date. */
export const longDay = (date: string) => dayFormats.long.format(msOf(date));

/** "March 2027", or "March – April 2027" when the span crosses a month. */
export function monthsLabel(firstDate: string, lastDate: string): string {
  const first = dayFormats.month.format(msOf(firstDate));
  const last = dayFormats.month.format(msOf(lastDate));
  if (first === last) return first;
  const [firstMonth, firstYear] = first.split(' ');
  return firstYear === last.split(' ')[1] ? `${firstMonth} – ${last}` : `${first} – ${last}`;
}

/** "America/New York" from "America/New_York": how a zone reads in the list. */
export const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/** Every zone the list offers, sorted, with the ones in use added when the platform's list lacks them (an alias such as Asia/Calcutta). */
export function zoneChoices(known: readonly string[], ...inUse: string[]): string[] {
  const all = new Set(known);
  for (const zone of inUse) all.add(zone);
  return [...all].sort((a, b) => a.localeCompare(b));
}

/** Times from Intl may hold a narrow no-break space before AM/PM (newer ICU): one spelling, so server and browser agree. */
export const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
