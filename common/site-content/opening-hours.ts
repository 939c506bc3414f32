import { z } from '#common/zod.ts';

/**
 * Opening hours as data (days, times, time zone), so every page, the footer and the structured data
 * say the same thing in the same words: `formatOpeningHours` is the one wording.
 */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const SHORT_NAMES: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const time = (label: string) =>
  z.string({ error: `${label} is required` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time like 09:00`);

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.includes('/') || value === 'UTC';
  } catch {
    return false;
  }
}

export const openingHoursSchema = z
  .strictObject({
    timeZone: z.string({ error: 'Time zone is required' }).max(64).refine(isTimeZone, 'Time zone must be one like America/New_York'),
    days: z
      .array(
        z
          .strictObject({
            day: z.enum(WEEKDAYS, { error: 'Day must be mon to sun' }),
            opens: time('Opening time'),
            closes: time('Closing time'),
          })
          .refine((entry) => entry.opens < entry.closes, { error: 'Closing time must be after opening time', path: ['closes'] }),
      )
      .max(7),
  })
  .refine((hours) => new Set(hours.days.map((entry) => entry.day)).size === hours.days.length, {
    error: 'Each day may appear only once',
    path: ['days'],
  });

export type OpeningHours = z.infer<typeof openingHoursSchema>;

function clock(value: string): string {
  const [hours = 0, minutes = 0] = value.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** "ET" for America/New_York; the zone's own name where the platform has no short one. */
export function timeZoneLabel(timeZone: string): string {
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
