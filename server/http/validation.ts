import type { z } from 'zod';
import { recordIdFromPath } from '#common/record-id.ts';
import { validate } from '#common/validation.ts';
import { HttpError } from './errors.ts';

/**
 * Parses a JSON body with a shared schema; a mismatch is a 400 `{message, errors}` with messages per
 * field. `message` names the request ('Invalid sample'); without it the first broken rule speaks.
 */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown, message?: string): z.output<Schema> {
  const result = validate(schema, body ?? {}, message);
  if (result.success) return result.data;
  throw new HttpError(400, result.message, result.errors);
}

/** A positive database id from a path parameter; anything else is the resource's 404. */
export function parseIdParam(value: string | string[] | undefined, notFoundMessage: string): number {
  const id = typeof value === 'string' ? recordIdFromPath(value) : null;
  if (id === null) throw new HttpError(404, notFoundMessage);
  return id;
}
