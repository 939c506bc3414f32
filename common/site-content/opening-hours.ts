import { WEEKDAYS } from './weekdays.ts';
import { z } from '#common/zod.ts';

/**
 * Opening hours as data (days, times, time zone), so every page, the footer and the structured data
 * say the same thing in the same words: `formatOpeningHours` is the one wording.
 */
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
