import { deviceName, type StaffSession } from '#common/staff-sessions.ts';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { SessionData } from './session-store.ts';

/*
 * A person's sessions as they (or the owner) see them (decision 117). A session is named by its
 * public id only; the sid (a hash of the cookie's token) stays here. "Last seen" is what the
 * session lookup already keeps, at most once a minute (session-store.ts), so listing costs no write.
 */

const parse = (sess: string): SessionData | null => {
  try {
    return JSON.parse(sess) as SessionData;
  } catch {
    return null;
  }
};

/** The person's live sessions, the most recently seen first; `currentSid` marks the one asking. */
export async function listStaffSessions(db: Kysely<Database>, adminUserId: number, currentSid: string | undefined, now = new Date()) {
  const rows = await db
    .selectFrom('sessions')
    .select(['sid', 'sess', 'publicId', 'userAgent', 'address', 'createdAt'])
    .where('adminUserId', '=', adminUserId)
    .where('expire', '>', now.toISOString())
    .where('publicId', 'is not', null)
    .execute();
  const sessions: StaffSession[] = [];
  for (const row of rows) {
    const data = parse(row.sess);
    if (!data || new Date(data.absoluteExpiresAt).getTime() <= now.getTime()) continue;
    sessions.push({
      id: row.publicId!,
      device: deviceName(row.userAgent),
      place: row.address ?? 'Unknown',
      createdAt: data.createdAt,
      lastSeenAt: data.lastSeenAt,
      current: row.sid === currentSid,
    });
  }
  return sessions.sort((a, b) => (a.current === b.current ? b.lastSeenAt.localeCompare(a.lastSeenAt) : a.current ? -1 : 1));
}

/**
 * Ends one session by its public id: the person's own, or anyone's when `anyone` (the owner).
 * 'not-found' is the same answer for an unknown id and for someone else's, so ids never leak.
 */
export async function endStaffSession(
  db: Kysely<Database>,
  publicId: string,
  actor: { adminUserId: number; anyone: boolean },
): Promise<{ kind: 'ended' } | { kind: 'not-found' }> {
  let query = db.deleteFrom('sessions').where('publicId', '=', publicId);
  if (!actor.anyone) query = query.where('adminUserId', '=', actor.adminUserId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0 ? { kind: 'ended' } : { kind: 'not-found' };
}

/** Ends every session of the person but the one asking; answers how many ended. */
export async function endOtherStaffSessions(db: Kysely<Database>, adminUserId: number, keepSid: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('adminUserId', '=', adminUserId).where('sid', '<>', keepSid).executeTakeFirst();
  return Number(result.numDeletedRows);
}
