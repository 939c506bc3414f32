import { clockIn, dateIn } from '#common/booking/slot-days.ts';

/*
 * How a booking's time reads in the admin: the studio's zone first (where the owner works), the
 * visitor's own clock beside it (what they were shown when they booked). Intl only, so the server's
 * render and the browser's agree.
 */

function safeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** "Thu, Nov 26, 2026, 5:00 – 5:20 PM EST": the span in one zone, worded once. */
export function spanIn(start: string, end: string, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: safeZone(timeZone),
  });
  const from = new Date(start);
  const to = new Date(end);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return start;
  return format.formatRange(from, to);
}

/** "Fri, Nov 27, 7:00 AM in Asia/Tokyo": the start on the visitor's clock, the day named as it is there. */
export function visitorStart(start: string, visitorZone: string): string {
  const instant = Date.parse(start);
  if (Number.isNaN(instant)) return start;
  const zone = safeZone(visitorZone);
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: zone }).format(instant);
  return `${day}, ${clockIn(instant, zone)} in ${visitorZone}`;
}

/** Whether the visitor's zone reads the same clock as the studio's at that moment (then one time says it all). */
export function sameClock(start: string, visitorZone: string, studioZone: string): boolean {
  const instant = Date.parse(start);
  const a = safeZone(visitorZone);
  const b = safeZone(studioZone);
  return dateIn(instant, a) === dateIn(instant, b) && clockIn(instant, a) === clockIn(instant, b);
}

/** Whether the consultation has begun: only then can the visitor have failed to come. */
export const hasStarted = (start: string, now: number) => Date.parse(start) <= now;
