import type { Kysely } from 'kysely';
import type { Database, ReviewLinkEvent } from '#server/db/schema.ts';
import { shortenedIp } from './link-tokens.ts';

/** How long the access log keeps a row: long enough for a project's whole review, not for ever. */
export const ACCESS_LOG_DAYS = 180;
const USER_AGENT_MAX = 200;

/** Who is using a link, as the request shows it (before shortening). */
export interface Visitor {
  ip: string;
  userAgent: string;
}

/** One row per use. The address is shortened and the browser's name cut, so the log stays small and says little about a person. */
export async function logAccess(db: Kysely<Database>, linkId: number, event: ReviewLinkEvent, visitor: Visitor, now = new Date()) {
  await db
    .insertInto('reviewLinkAccesses')
    .values({
      linkId,
      event,
      ip: shortenedIp(visitor.ip),
      userAgent: visitor.userAgent.slice(0, USER_AGENT_MAX),
      at: now.toISOString(),
    })
    .execute();
}

/** The counts of each kind of use, per link, for the owner's list. */
export async function accessCounts(db: Kysely<Database>, linkIds: number[]): Promise<Map<number, Record<ReviewLinkEvent, number>>> {
  const counts = new Map<number, Record<ReviewLinkEvent, number>>();
  if (linkIds.length === 0) return counts;
  const rows = await db
    .selectFrom('reviewLinkAccesses')
    .select(['linkId', 'event', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('linkId', 'in', linkIds)
    .groupBy(['linkId', 'event'])
    .execute();
  for (const row of rows) {
    const entry = counts.get(row.linkId) ?? { opened: 0, password_failed: 0, streamed: 0, commented: 0 };
    entry[row.event] = Number(row.count);
    counts.set(row.linkId, entry);
  }
  return counts;
}

/** Hourly housekeeping: the log keeps ACCESS_LOG_DAYS. */
export async function pruneAccessLog(db: Kysely<Database>, now = new Date()): Promise<void> {
  const before = new Date(now.getTime() - ACCESS_LOG_DAYS * 24 * 60 * 60 * 1000).toISOString();
  await db.deleteFrom('reviewLinkAccesses').where('at', '<', before).execute();
}
