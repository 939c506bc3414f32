import { clockIn, dateIn } from '#common/booking/slot-days.ts';
import type { AdminBooking } from '#common/booking/admin.ts';
import type { BookingSettings } from '#common/booking/settings.ts';
import { WEEKDAYS } from '#common/site-content/weekdays.ts';

/*
 * The week view's arithmetic, in the studio's zone: which Monday a moment's week starts on, the
 * seven dates, and where each booking sits in its day's column (minutes from midnight on the
 * studio's wall clock, so a daylight-saving day still reads 9 to 5).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The hours the grid shows at least; bookings outside them widen it. */
export const DEFAULT_FIRST_HOUR = 8;
export const DEFAULT_LAST_HOUR = 20;

/** A calendar date ("2027-03-14") moved by whole days; dates are zone-free, so UTC arithmetic is exact. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday ("2027-03-08") of the studio's week holding `instant`. */
export function mondayOf(instant: number, timeZone: string): string {
  const date = dateIn(instant, timeZone);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(date, -((weekday + 6) % 7));
}

export const weekDates = (monday: string): string[] => Array.from({ length: 7 }, (_, index) => addDays(monday, index));

/**
 * The instants to ask the server for: a day either side of the week in UTC, as no zone is more
 * than 14 hours from it; the layout keeps only what falls on the studio's dates.
 */
export function fetchRange(monday: string): { from: string; to: string } {
  return { from: `${addDays(monday, -1)}T00:00:00Z`, to: `${addDays(monday, 8)}T00:00:00Z` };
}

/** Minutes since the studio's midnight ("9:30 AM" -> 570), read from its wall clock. */
export function minuteOfDay(instant: number, timeZone: string): number {
  const [clock, meridiem] = clockIn(instant, timeZone).split(/\s/);
  const [hours, minutes] = clock.split(':').map(Number);
  return ((hours % 12) + (meridiem === 'PM' ? 12 : 0)) * 60 + minutes;
}

export interface WeekBlock {
  booking: AdminBooking;
  date: string;
  /** Minutes from the studio's midnight; the end is cut at the day's end. */
  startMinute: number;
  endMinute: number;
}

/** A stretch of a studio day in minutes from its midnight. */
export interface DaySpan {
  startMinute: number;
  endMinute: number;
}

/** What the studio offers on each date of the week: its weekly hours, or a date off (with its label) instead. */
export interface WeekAvailability {
  open: Record<string, DaySpan[]>;
  off: Record<string, string>;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

export function weekAvailability(settings: Pick<BookingSettings, 'weekly' | 'datesOff'>, dates: readonly string[]): WeekAvailability {
  const open: Record<string, DaySpan[]> = {};
  const off: Record<string, string> = {};
  for (const date of dates) {
    const range = settings.datesOff.find((item) => item.from <= date && date <= item.to);
    if (range) {
      off[date] = range.label.trim() || 'Day off';
      open[date] = [];
      continue;
    }
    const weekday = WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];
    open[date] = settings.weekly
      .filter((window) => window.day === weekday)
      .map((window) => ({ startMinute: minutesOf(window.from), endMinute: minutesOf(window.to) }));
  }
  return { open, off };
}

export interface WeekLayout {
  dates: string[];
  firstHour: number;
  lastHour: number;
  /** Blocks per date, in start order. */
  days: Record<string, WeekBlock[]>;
}

/** The week's blocks; the hours shown cover 8 to 20, the open hours and every booking. */
export function layoutWeek(
  bookings: readonly AdminBooking[],
  monday: string,
  timeZone: string,
  open: WeekAvailability['open'] = {},
): WeekLayout {
  const dates = weekDates(monday);
  const days: Record<string, WeekBlock[]> = Object.fromEntries(dates.map((date) => [date, []]));
  const spans = Object.values(open).flat();
  let firstHour = Math.min(DEFAULT_FIRST_HOUR, ...spans.map((span) => Math.floor(span.startMinute / 60)));
  let lastHour = Math.max(DEFAULT_LAST_HOUR, ...spans.map((span) => Math.ceil(span.endMinute / 60)));
  for (const booking of [...bookings].sort((a, b) => a.start.localeCompare(b.start))) {
    const start = Date.parse(booking.start);
    const date = dateIn(start, timeZone);
    if (!days[date]) continue;
    const startMinute = minuteOfDay(start, timeZone);
    const end = Date.parse(booking.end);
    const endMinute = dateIn(end, timeZone) === date ? Math.max(minuteOfDay(end, timeZone), startMinute + 1) : 24 * 60;
    days[date].push({ booking, date, startMinute, endMinute });
    firstHour = Math.min(firstHour, Math.floor(startMinute / 60));
    lastHour = Math.max(lastHour, Math.ceil(endMinute / 60));
  }
  return { dates, firstHour, lastHour, days };
}

/** Where a block (or an open span) sits in its column, as percentages of the shown hours. */
export function blockPlacement(block: DaySpan, layout: Pick<WeekLayout, 'firstHour' | 'lastHour'>): { top: number; height: number } {
  const shown = (layout.lastHour - layout.firstHour) * 60;
  const top = ((block.startMinute - layout.firstHour * 60) / shown) * 100;
  return { top, height: ((block.endMinute - block.startMinute) / shown) * 100 };
}

/** "Mon, Mar 8": a column's heading (the date is zone-free). */
export function dayHeading(date: string, style: 'short' | 'long' = 'short'): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: style,
    month: style === 'short' ? 'short' : 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** "12 PM"-style labels for the hours down the side. */
export function hourLabel(hour: number): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve} ${hour < 12 || hour === 24 ? 'AM' : 'PM'}`;
}
