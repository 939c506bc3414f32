import { z } from './zod.ts';

/**
 * The largest id a record can have: PostgreSQL's `integer` (SQLite's is wider). A larger number in a
 * path or a body is an id that cannot exist, so it is answered like an unknown one, never passed to the
 * database (where PostgreSQL would fail on it).
 */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * An id written as text, in a path (`/projects/12`) or in Stripe metadata the server wrote: the
 * record's id, or null when it is not a canonical one (`012`, ` 12`, `0xc`, `12e0` are not).
 */
export function recordIdFromPath(text: string | undefined): number | null {
  if (text === undefined || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_RECORD_ID ? id : null;
}

/** An id in a JSON body. */
export const recordIdSchema = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_RECORD_ID, message);
