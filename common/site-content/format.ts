import type { OpeningHours } from './opening-hours.ts';
import { WEEKDAYS, type Weekday } from './weekdays.ts';
import type { Studio } from './studio.ts';

/*
 * The wording helpers pages run in the browser too (package cards, footer, meta tags). They live
 * apart from the schemas so a page that formats a price does not ship zod: this module imports
 * types only (and the plain weekday list): this is the one place to import them from.
 */

const SHORT_NAMES: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

function clock(value: string): string {
  const [hours = 0, minutes = 0] = value.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** Worked out once per zone: an Intl.DateTimeFormat costs more than the page that shows its label. */
const zoneLabels = new Map<string, string>();

/** "ET" for America/New_York; the zone's own name where the platform has no short one. */
export function timeZoneLabel(timeZone: string): string {
  let label = zoneLabels.get(timeZone);
  if (label === undefined) {
    label = shortZoneName(timeZone);
    // Zone names come from the owner's settings and the platform's list: a few hundred at most.
    if (zoneLabels.size < 1000) zoneLabels.set(timeZone, label);
  }
  return label;
}

function shortZoneName(timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortGeneric' }).formatToParts(
      new Date(Date.UTC(2025, 0, 1)),
    );
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** Runs of consecutive days sharing the same times, in week order. */
export function groupOpeningDays(hours: OpeningHours): Array<{ days: Weekday[]; opens: string; closes: string }> {
  const byDay = new Map(hours.days.map((entry) => [entry.day, entry]));
  const groups: Array<{ days: Weekday[]; opens: string; closes: string }> = [];
  let previous: Weekday | null = null;
  for (const day of WEEKDAYS) {
    const entry = byDay.get(day);
    if (!entry) {
      previous = null;
      continue;
    }
    const last = groups.at(-1);
    if (last && previous && last.opens === entry.opens && last.closes === entry.closes) last.days.push(day);
    else groups.push({ days: [day], opens: entry.opens, closes: entry.closes });
    previous = day;
  }
  return groups;
}

/**
 * The one wording of the hours: "Mon-Fri 9:00 AM-7:00 PM ET", several runs joined with ", ".
 * Server-rendered (the time-zone label depends on the platform's locale data).
 */
export function formatOpeningHours(hours: OpeningHours): string {
  const groups = groupOpeningDays(hours);
  if (groups.length === 0) return 'By appointment';
  const runs = groups.map(({ days, opens, closes }) => {
    const first = SHORT_NAMES[days[0]!];
    const span = days.length === 1 ? first : `${first}-${SHORT_NAMES[days.at(-1)!]}`;
    return `${span} ${clock(opens)}-${clock(closes)}`;
  });
  return `${runs.join(', ')} ${timeZoneLabel(hours.timeZone)}`;
}

export { formatPrice } from './package-words.ts';

export const SOCIAL_PLATFORMS = ['instagram', 'youtube', 'soundcloud', 'spotify', 'tiktok', 'x', 'facebook', 'bandcamp'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number] | 'website';

const PLATFORM_HOSTS: Array<[SocialPlatform, RegExp]> = [
  ['instagram', /(^|\.)instagram\.com$/],
  ['youtube', /(^|\.)(youtube\.com|youtu\.be)$/],
  ['soundcloud', /(^|\.)soundcloud\.com$/],
  ['spotify', /(^|\.)spotify\.com$/],
  ['tiktok', /(^|\.)tiktok\.com$/],
  ['x', /(^|\.)(x\.com|twitter\.com)$/],
  ['facebook', /(^|\.)(facebook\.com|fb\.com)$/],
  ['bandcamp', /(^|\.)bandcamp\.com$/],
];

/** Which network a profile address belongs to (for its icon); 'website' for any other page. */
export function socialPlatform(url: string): SocialPlatform {
  const host = URL.canParse(url) ? new URL(url).hostname.toLowerCase() : '';
  return PLATFORM_HOSTS.find(([, pattern]) => pattern.test(host))?.[0] ?? 'website';
}

/** "Atlanta, GA": how the location reads in running text. */
export function locationLabel(location: Studio['location']): string {
  return `${location.city}, ${location.region}`;
}

/** The formats every uploaded image is served in (image.ts re-exports them). */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const EXTENSIONS: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/** Where one rendition of an uploaded image is served (the only URL shape the site uses for them). */
export function imageUrl(id: string, width: number, format: ImageFormat): string {
  return `/media/images/${id}/${width}.${EXTENSIONS[format]}`;
}

/** "January 1, 2025", the same on the server and in every browser. */
export function formatEffectiveDate(isoDay: string): string {
  return new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The `tel:` address of a phone number as the owner wrote it: digits and a leading + only. */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
