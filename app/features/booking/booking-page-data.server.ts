import { isCalendarDate } from '#common/calendar-date.ts';
import { isTimeZone } from '#common/site-content/opening-hours.ts';
import { pickDay, type InitialChoice } from './booking-steps.ts';
import { openDays, timesOf } from './booking-times.ts';

/*
 * What the booking pages read from their address, checked before it reaches the page (it is echoed
 * into the island's props): a zone the platform knows, a date, a start that is one of the free slots.
 */

let zoneList: string[] | undefined;

/** Every zone the server's Intl knows: the list the zone picker offers (the browser keeps it, so both render the same). */
export function knownZones(): string[] {
  zoneList ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
  return zoneList;
}

/** The zone asked for in `?tz=`, when it is one. */
export function zoneFromQuery(query: URLSearchParams): string | null {
  const tz = query.get('tz');
  return tz && tz.length <= 64 && isTimeZone(tz) ? tz : null;
}

/** The picker's starting point: the choices of the address that still hold, and the free starts. */
export function initialChoice(
  query: URLSearchParams,
  defaults: { type: string | null; tz: string; studioZone: string },
  slots: string[],
): InitialChoice {
  const asked = zoneFromQuery(query);
  const tz = asked ?? defaults.tz;
  const dayQuery = query.get('day');
  const startQuery = query.get('start');
  const day = dayQuery && isCalendarDate(dayQuery) ? dayQuery : null;
  const start = startQuery && slots.includes(startQuery) ? startQuery : null;
  const days = openDays(slots, tz);
  const shownDay = (start && days.find((candidate) => candidate.starts.includes(start))) || pickDay(days, day);
  return {
    type: defaults.type,
    tz,
    tzChosen: asked !== null,
    day,
    start,
    days,
    shown: shownDay ? { date: shownDay.date, times: timesOf(shownDay.starts, tz, defaults.studioZone) } : null,
  };
}
