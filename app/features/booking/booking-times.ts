import { clockIn, dateIn, type SlotTime } from '#common/booking/slot-days.ts';
import type { MeetingKind } from '#common/booking/settings.ts';
import { plainSpaces, type OpenDay } from './booking-steps.ts';

export type { OpenDay };

/**
 * Free slot starts grouped by the visitor's dates. Only the dates are worked out here (a month of
 * slots is hundreds): the clock times are worded for the one day on show (timesOf).
 */
export function openDays(starts: readonly string[], visitorZone: string): OpenDay[] {
  const days: OpenDay[] = [];
  for (const start of starts) {
    const date = dateIn(Date.parse(start), visitorZone);
    let day = days.at(-1);
    if (day?.date !== date) days.push((day = { date, starts: [] }));
    day.starts.push(start);
  }
  return days;
}

/** A day's times in the visitor's zone, the studio's beside each (common/booking/slot-days.ts words them). */
export function timesOf(starts: readonly string[], visitorZone: string, studioZone: string): SlotTime[] {
  return starts.map((start) => {
    const instant = Date.parse(start);
    return { start, local: plainSpaces(clockIn(instant, visitorZone)), studio: plainSpaces(clockIn(instant, studioZone)) };
  });
}

const whenFormats = new Map<string, Intl.DateTimeFormat>();

/** "Monday, November 30, 9:00 PM GMT+9": a moment in a zone, the same words on the server and in the browser. */
export function whenIn(iso: string, timeZone: string, withDate = true): string {
  const key = `${timeZone}|${withDate}`;
  let format = whenFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      ...(withDate ? { weekday: 'long', month: 'long', day: 'numeric' } : {}),
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    whenFormats.set(key, format);
  }
  return plainSpaces(format.format(Date.parse(iso)));
}

/** How a consultation happens, in a word or two. */
export const MEETING_LABELS: Record<MeetingKind, string> = {
  phone: 'Phone call',
  video: 'Video call',
  studio: 'At the studio',
};

/** The city of a zone, for "9:00 AM in New York". */
export const cityOf = (zone: string) => (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');

/** A booking's length in minutes. */
export const lengthMinutesOf = (booking: { start: string; end: string }) =>
  Math.round((Date.parse(booking.end) - Date.parse(booking.start)) / 60_000);
