import { calendarDateSchema } from '#common/calendar-date.ts';
import { safeText } from '#common/text.ts';
import { WEEKDAYS } from '#common/site-content/weekdays.ts';
import { z } from '#common/zod.ts';
import type { OpeningHours } from '#common/site-content/opening-hours.ts';

/*
 * The owner's booking settings: the consultation types, the weekly availability and the dates off.
 * The studio's zone is the one of its opening hours (site content), so there is one clock for the
 * site. The calendar feed's address is a secret and lives apart (sealed in the database).
 */

const clock = (label: string) =>
  z.string({ error: `${label} is required` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time like 09:00`);
const minutes = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number of minutes` })
    .int(`${label} must be whole minutes`)
    .min(min, `${label} must be at least ${min} minutes`)
    .max(max, `${label} must be at most ${max} minutes`);

export const MEETING_KINDS = ['phone', 'video', 'studio'] as const;
export type MeetingKind = (typeof MEETING_KINDS)[number];

export const consultationTypeSchema = z
  .strictObject({
    /** Stable: bookings keep it, the slot API takes it. */
    key: z
      .string({ error: 'Key is required' })
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Key must be lowercase letters, digits and dashes')
      .max(40, 'Key must be at most 40 characters'),
    name: safeText(z.string({ error: 'Name is required' }), 'Name')
      .trim()
      .min(1, 'Name is required')
      .max(80, 'Name must be at most 80 characters'),
    description: safeText(z.string({ error: 'Description must be text' }), 'Description', { multiline: true })
      .trim()
      .max(400, 'Description must be at most 400 characters'),
    meeting: z.enum(MEETING_KINDS, { error: 'How it happens must be phone, video or at the studio' }),
    /** The owner's own meeting room, for video calls. */
    meetingLink: z.union([z.literal(''), z.url({ protocol: /^https$/, error: 'Meeting link must be an https:// address' }).max(500)]),
    lengthMinutes: minutes('Length', 10, 240),
    startEveryMinutes: minutes('Start every', 5, 240),
    bufferBeforeMinutes: minutes('Buffer before', 0, 240),
    bufferAfterMinutes: minutes('Buffer after', 0, 240),
    minimumNoticeMinutes: minutes('Minimum notice', 0, 30 * 24 * 60),
    horizonDays: z
      .number({ error: 'How far ahead must be a number of days' })
      .int('How far ahead must be whole days')
      .min(1, 'How far ahead must be at least 1 day')
      .max(365, 'How far ahead must be at most 365 days'),
    maxPerDay: z
      .number({ error: 'At most per day must be a number' })
      .int('At most per day must be a whole number')
      .min(1, 'At most per day must be at least 1')
      .max(48, 'At most per day must be at most 48'),
    enabled: z.boolean({ error: 'On or off is required' }),
  })
  .refine((type) => type.meeting !== 'video' || type.meetingLink !== '', {
    error: 'A video consultation needs your meeting link',
    path: ['meetingLink'],
  });

export type ConsultationType = z.infer<typeof consultationTypeSchema>;

const weeklyWindowSchema = z
  .strictObject({ day: z.enum(WEEKDAYS, { error: 'Day must be mon to sun' }), from: clock('From'), to: clock('To') })
  .refine((window) => window.from < window.to, { error: 'The end must be after the start', path: ['to'] });

const datesOffSchema = z
  .strictObject({
    from: calendarDateSchema('First day'),
    to: calendarDateSchema('Last day'),
    label: safeText(z.string({ error: 'Label must be text' }), 'Label')
      .trim()
      .max(80, 'Label must be at most 80 characters'),
  })
  .refine((range) => range.from <= range.to, { error: 'The last day must not be before the first', path: ['to'] });

export const bookingSettingsSchema = z
  .strictObject({
    types: z.array(consultationTypeSchema).min(1, 'Keep at least one consultation type').max(10, 'At most 10 consultation types'),
    weekly: z.array(weeklyWindowSchema).max(28, 'At most 28 weekly windows'),
    datesOff: z.array(datesOffSchema).max(200, 'At most 200 ranges of dates off'),
  })
  .refine((settings) => new Set(settings.types.map((type) => type.key)).size === settings.types.length, {
    error: 'Each type needs its own key',
    path: ['types'],
  })
  .refine(
    (settings) =>
      WEEKDAYS.every((day) => {
        const windows = settings.weekly.filter((window) => window.day === day).sort((a, b) => a.from.localeCompare(b.from));
        return windows.every((window, index) => index === 0 || windows[index - 1].to <= window.from);
      }),
    { error: 'Windows of one day must not overlap', path: ['weekly'] },
  );

export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

/** The shipped consultation: 20 minutes by phone, at least 12 hours ahead, at most 30 days ahead. */
export const DEFAULT_CONSULTATION: ConsultationType = {
  key: 'free-consultation',
  name: 'Free consultation',
  description: 'A short call about your project: what you have, the sound you want, and how we get there.',
  meeting: 'phone',
  meetingLink: '',
  lengthMinutes: 20,
  startEveryMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 10,
  minimumNoticeMinutes: 12 * 60,
  horizonDays: 30,
  maxPerDay: 6,
  enabled: true,
};

/** Until the owner saves booking settings, the week is the studio's opening hours. */
export function defaultBookingSettings(hours: OpeningHours): BookingSettings {
  return {
    types: [DEFAULT_CONSULTATION],
    weekly: hours.days.map((entry) => ({ day: entry.day, from: entry.opens, to: entry.closes })),
    datesOff: [],
  };
}
