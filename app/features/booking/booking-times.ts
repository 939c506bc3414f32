import { slotDays, type SlotDay } from '#common/booking/slot-days.ts';
import type { MeetingKind } from '#common/booking/settings.ts';
import { plainSpaces } from './booking-steps.ts';

/** Free slot starts (ISO) grouped by the visitor's dates, the studio's time beside each. */
export function daysOf(starts: readonly string[], visitorZone: string, studioZone: string): SlotDay[] {
  return slotDays(starts.map(Date.parse), visitorZone, studioZone).map((day) => ({
    ...day,
    slots: day.slots.map((slot) => ({ ...slot, local: plainSpaces(slot.local), studio: plainSpaces(slot.studio) })),
  }));
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
export const lengthMinutesOf = (booking: { start: string; end: string }) => Math.round((Date.parse(booking.end) - Date.parse(booking.start)) / 60_000);
