import { z } from './zod.ts';

/*
 * The one reader of a calendar date typed or sent as `YYYY-MM-DD` (a due date, a payment's day, a
 * day off, a policy's effective date). Worked out from the digits, not through Date: Date rolls
 * 2027-02-30 over to March 2, and throws ("Invalid time value") on toISOString of 2027-13-45.
 */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when the text is `YYYY-MM-DD` and names a day that exists (2028-02-29 does, 2027-02-29 does not). */
export function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : DAYS_IN_MONTH[month - 1]!);
}

/** The calendar date `days` after `day` (before it when negative), both `YYYY-MM-DD` in UTC. */
export function addCalendarDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A date field of a shared schema: `${label} must be a date like 2027-03-15`, or `... is not a real date`. */
export const calendarDateSchema = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2027-03-15` })
    .regex(CALENDAR_DATE, `${label} must be a date like 2027-03-15`)
    .refine(isCalendarDate, `${label} is not a real date`);
