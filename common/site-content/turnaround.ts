import { MAX_TURNAROUND_HOURS, TURNAROUND_UNITS, longestHours, parseTurnaround, turnaroundFromHours } from './turnaround-words.ts';
import { z } from '#common/zod.ts';

const EXAMPLE = 'Write the turnaround like "48 hours", "5-7 days" or "2 weeks"';

const figure = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`);

const rangeSchema = z
  .strictObject(
    { from: figure('Turnaround from'), to: figure('Turnaround to'), unit: z.enum(TURNAROUND_UNITS, { error: EXAMPLE }) },
    { error: EXAMPLE },
  )
  .refine((range) => range.to >= range.from, { error: 'The turnaround must not end before it starts', path: ['to'] })
  .refine((range) => longestHours(range) <= MAX_TURNAROUND_HOURS, { error: 'The turnaround must be at most 90 days' });

/**
 * A package's turnaround: the range with its unit, or the owner's words for it ("5-7 days"), which
 * are read into the range here, so the editor, the API and a script all send what they write.
 */
export const turnaroundSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (parseTurnaround(value) ?? value) : value),
  rangeSchema,
);

/**
 * A package as stored before decision 109 had `turnaroundHours`; it reads as `turnaround` in the
 * unit an owner would write (turnaroundFromHours), in every version and draft, so no history is lost.
 */
export function upgradeTurnaroundHours(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('turnaroundHours' in value)) return value;
  const { turnaroundHours, ...rest } = value as Record<string, unknown>;
  if ('turnaround' in rest || typeof turnaroundHours !== 'number') return value;
  return { ...rest, turnaround: turnaroundFromHours(turnaroundHours) };
}
