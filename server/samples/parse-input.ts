import type { z } from 'zod';
import { HttpError } from '#server/http/errors.ts';

/** Parses a JSON body with a shared schema; a mismatch is a 400 with messages per field. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, body: unknown, message: string): z.infer<Schema> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'body';
    (errors[field] ??= []).push(issue.message);
  }
  throw new HttpError(400, message, errors);
}

export function parseId(value: string | string[]): number {
  if (typeof value !== 'string') throw new HttpError(404, 'Sample not found');
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new HttpError(404, 'Sample not found');
  return Number(value);
}
