import type { Request } from 'express';
import { recordIdFromPath } from '#common/record-id.ts';
import { HttpError } from '#server/http/errors.ts';

/**
 * The `before` of GET …/projects/{id}/activity: an entry id (the `nextBefore` of the page before), or
 * nothing for the newest page. Anything else is the caller's mistake, a 400 that names it.
 */
export function activityBefore(req: Request): number | undefined {
  const value = req.query.before;
  if (value === undefined) return undefined;
  const id = typeof value === 'string' ? recordIdFromPath(value) : null;
  if (id === null) throw new HttpError(400, 'Invalid page of the activity log', { before: ['Use the nextBefore of the previous page'] });
  return id;
}
