/*
 * Free slots as a visitor reads them: grouped by the visitor's own calendar date and worded in their
 * zone, with the studio's time beside. Intl only (no Temporal): the booking page runs this in the
 * browser too, and the zone data the browser already has is the one the visitor's clock uses.
 */

export interface SlotTime {
  /** The slot's start, ISO 8601 in UTC: what the page sends back. */
  start: string;
  /** "9:30 PM" in the visitor's zone. */
  local: string;
  /** "8:30 AM" in the studio's zone. */
  studio: string;
}

export interface SlotDay {
  /** The visitor's calendar date, "2027-03-14". */
  date: string;
  slots: SlotTime[];
}

const dateKeys = new Map<string, Intl.DateTimeFormat>();
const clocks = new Map<string, Intl.DateTimeFormat>();

function cached(store: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat) {
  let format = store.get(timeZone);
  if (!format) store.set(timeZone, (format = make()));
  return format;
}

/** The calendar date ("2027-03-14") an instant falls on in a zone. */
export function dateIn(instant: number, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return cached(
    dateKeys,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(instant);
}

/** The wall-clock time ("9:30 PM") of an instant in a zone. */
export function clockIn(instant: number, timeZone: string): string {
  return cached(clocks, timeZone, () => new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })).format(instant);
}

/** Slots (epoch ms starts, in order) grouped by the visitor's dates. */
export function slotDays(starts: readonly number[], visitorZone: string, studioZone: string): SlotDay[] {
  const days: SlotDay[] = [];
  for (const start of starts) {
    const date = dateIn(start, visitorZone);
    let day = days.at(-1);
    if (day?.date !== date) days.push((day = { date, slots: [] }));
    day.slots.push({ start: new Date(start).toISOString(), local: clockIn(start, visitorZone), studio: clockIn(start, studioZone) });
  }
  return days;
}
