import { calendarDateSchema } from '#common/calendar-date.ts';
import { isWebUrl, line } from './fields.ts';
import { z } from '#common/zod.ts';

/*
 * The announcement bar (issue 44): one line above the header of every public page, with an optional
 * link, shown from the start of its first day to the end of its last, both days in the studio's own
 * time zone. An empty date leaves that side open; empty text shows nothing.
 */
const optionalDate = (label: string) => z.union([z.literal(''), calendarDateSchema(label)]);

/** A page of this site ("/book") or an outside http(s) address; "//host" is an outside address in disguise, refused. */
const isBarLink = (value: string) => value === '' || /^\/(?![/\\])/.test(value) || isWebUrl(value);

export const announcementSchema = z
  .strictObject({
    text: line('Announcement text', 160, { min: 0 }),
    link: line('Link', 2048, { min: 0 }).refine(isBarLink, 'Link must be a page of the site (/book) or an http(s) address'),
    from: optionalDate('First day'),
    to: optionalDate('Last day'),
  })
  .refine((bar) => !bar.from || !bar.to || bar.from <= bar.to, { message: 'Last day must not be before the first day', path: ['to'] });

export type Announcement = z.infer<typeof announcementSchema>;

/** A fresh site shows no bar. */
export const DEFAULT_ANNOUNCEMENT: Announcement = { text: '', link: '', from: '', to: '' };

/** The announcement a page shows, or null. */
export interface ShownAnnouncement {
  text: string;
  link: string;
}

const DAY_MS = 86_400_000;
const zoneParts = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at this instant. */
function offsetMs(instant: number, timeZone: string): number {
  let format = zoneParts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneParts.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map(({ type, value }) => [type, Number(value)]));
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day (`YYYY-MM-DD`) begins in the zone: its midnight, or its first hour where a clock change skips midnight. */
export function startOfDayIn(day: string, timeZone: string): number {
  const wallMidnight = Date.parse(`${day}T00:00:00Z`);
  const first = wallMidnight - offsetMs(wallMidnight, timeZone);
  // Once more with the offset at the guess, for a day whose offset differs from the UTC midnight's.
  return wallMidnight - offsetMs(first, timeZone);
}

/** The instants the bar appears (null: always did) and goes (null: never goes). */
function shownWindow(bar: Announcement, timeZone: string): { starts: number | null; ends: number | null } {
  const starts = bar.from ? startOfDayIn(bar.from, timeZone) : null;
  const ends = bar.to ? startOfDayIn(new Date(Date.parse(`${bar.to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10), timeZone) : null;
  return { starts, ends };
}

/** What the bar shows at `now`, or null: no text, not yet, or over. */
export function shownAnnouncement(bar: Announcement, timeZone: string, now: number): ShownAnnouncement | null {
  if (!bar.text.trim()) return null;
  const { starts, ends } = shownWindow(bar, timeZone);
  if (starts !== null && now < starts) return null;
  if (ends !== null && now >= ends) return null;
  return { text: bar.text, link: bar.link };
}

/**
 * The next instant after `now` at which the bar appears or goes, or null when it never changes
 * again by itself. A stored page that shows the bar as it is at `now` is right until then.
 */
export function announcementChangesAt(bar: Announcement, timeZone: string, now: number): number | null {
  if (!bar.text.trim()) return null;
  const { starts, ends } = shownWindow(bar, timeZone);
  if (starts !== null && now < starts) return starts;
  if (ends !== null && now < ends) return ends;
  return null;
}
