import type { AdminProfile } from '#common/admin-auth.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { PUBLIC_ADMIN_COLUMNS, toPublicAdmin } from './admin-users.ts';

export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** Sliding the idle deadline on every request would write on every page view; once a minute is plenty. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** What the `sess` JSON column holds. */
export interface SessionData {
  adminUserId: number;
  createdAt: string;
  lastSeenAt: string;
  absoluteExpiresAt: string;
}

export interface ActiveSession {
  /** The stored key (a hash of the cookie's token). */
  sid: string;
  admin: AdminProfile;
  data: SessionData;
}

/**
 * The table keeps only a SHA-256 of the cookie's token, so a leaked database or backup cannot be
 * replayed as a login.
 */
export const sessionKey = (token: string) => createHash('sha256').update(token).digest('hex');

const idleDeadline = (data: SessionData, now: Date) =>
  new Date(Math.min(now.getTime() + SESSION_IDLE_MS, new Date(data.absoluteExpiresAt).getTime())).toISOString();

/** Where a session signed in from, as the sessions list shows it: the browser's name, the shortened address. */
export interface SessionDevice {
  userAgent: string;
  address: string;
}
const USER_AGENT_MAX = 200;

/** The id the sessions list hands out (the sid never leaves the server). */
const newSessionPublicId = () => randomBytes(12).toString('base64url');

/** Opens a session with a fresh 256-bit random id; returns the token for the cookie. */
export async function createSession(db: Kysely<Database>, adminUserId: number, device?: SessionDevice, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  const data: SessionData = {
    adminUserId,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
  };
  const sid = sessionKey(token);
  await db
    .insertInto('sessions')
    .values({
      sid,
      sess: JSON.stringify(data),
      expire: idleDeadline(data, now),
      adminUserId,
      createdAt: data.createdAt,
      publicId: newSessionPublicId(),
      userAgent: device ? device.userAgent.slice(0, USER_AGENT_MAX) : null,
      address: device?.address ?? null,
    })
    .execute();
  return { token, sid, maxAgeMs: SESSION_ABSOLUTE_MS };
}

/**
 * The session behind a cookie token, if it is within both its idle and absolute lifetime and its
 * admin is still active. Slides the idle deadline (never past the absolute one). The same query reads
 * whether the admin's role requires two-factor they have not confirmed (decision 117).
 */
export async function loadSession(db: Kysely<Database>, token: string, now = new Date()): Promise<ActiveSession | null> {
  const sid = sessionKey(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('adminUsers', 'adminUsers.id', 'sessions.adminUserId')
    .leftJoin('adminTwoFactor', 'adminTwoFactor.adminUserId', 'adminUsers.id')
    .leftJoin('staffRoleSettings', 'staffRoleSettings.role', 'adminUsers.role')
    .select([
      'sessions.sid',
      'sessions.sess',
      'adminTwoFactor.confirmedAt as twoFactorConfirmedAt',
      'staffRoleSettings.twoFactorRequired',
      ...PUBLIC_ADMIN_COLUMNS.map((column) => `adminUsers.${column}` as const),
    ])
    .where('sessions.sid', '=', sid)
    .where('sessions.expire', '>', now.toISOString())
    .where('adminUsers.isActive', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  let data: SessionData;
  try {
    data = JSON.parse(row.sess) as SessionData;
  } catch {
    return null;
  }
  if (new Date(data.absoluteExpiresAt).getTime() <= now.getTime() || data.adminUserId !== row.id) {
    await destroySession(db, sid);
    return null;
  }
  if (now.getTime() - new Date(data.lastSeenAt).getTime() >= TOUCH_INTERVAL_MS) {
    data = { ...data, lastSeenAt: now.toISOString() };
    await db
      .updateTable('sessions')
      .set({ sess: JSON.stringify(data), expire: idleDeadline(data, now) })
      .where('sid', '=', sid)
      .execute();
  }
  const setupRequired = Number(row.twoFactorRequired ?? 0) === 1 && !row.twoFactorConfirmedAt;
  const admin = toPublicAdmin(row);
  return { sid, admin: setupRequired ? { ...admin, twoFactorSetupRequired: true } : admin, data };
}

export async function destroySession(db: Kysely<Database>, sid: string): Promise<void> {
  await db.deleteFrom('sessions').where('sid', '=', sid).execute();
}

/** Removes sessions past their idle or absolute deadline (`expire` is always the earlier of the two). */
export async function pruneExpiredSessions(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expire', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
