import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, including this one. */
  count: number;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

export interface RateLimitRule {
  /** Namespaced bucket, e.g. `contact:ip:203.0.113.9`. */
  key: string;
  limit: number;
  windowMs: number;
  /**
   * When set, the hit that reaches the limit also moves the window's end to this long after it: a
   * lock that lasts its full length from the attempt that tripped it, not from the window's start.
   */
  lockMs?: number;
}

/**
 * Fixed-window counter kept in the database, so limits survive restarts and hold across instances.
 * One upsert per hit (`INSERT ... ON CONFLICT DO UPDATE ... RETURNING`): the database counts and
 * answers in a single statement, so concurrent hits on any number of instances each get their own
 * count and never more than `limit` of them are allowed. The window restarts when the stored reset
 * time has passed.
 */
export async function hitRateLimit(db: Kysely<Database>, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const nowIso = now.toISOString();
  const windowEnd = new Date(now.getTime() + rule.windowMs).toISOString();
  const lockEnd = new Date(now.getTime() + (rule.lockMs ?? rule.windowMs)).toISOString();
  const expired = sql<boolean>`rate_limits.reset_at <= ${nowIso}`;
  const nextCount = sql<number>`case when ${expired} then 1 else rate_limits.count + 1 end`;
  const reachesLimit = rule.lockMs === undefined ? sql<boolean>`false` : sql<boolean>`${nextCount} = ${rule.limit}`;
  const row = await db
    .insertInto('rateLimits')
    .values({ key: rule.key, count: 1, resetAt: rule.lockMs !== undefined && rule.limit === 1 ? lockEnd : windowEnd })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        // Every SET expression reads the row as it was before this statement, on both dialects.
        count: nextCount,
        resetAt: sql<string>`case when ${reachesLimit} then ${lockEnd} when ${expired} then ${windowEnd} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'resetAt'])
    .executeTakeFirstOrThrow();
  const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.resetAt).getTime() - now.getTime()) / 1000));
  return { allowed: row.count <= rule.limit, count: row.count, retryAfterSeconds };
}

/** Reads a bucket without counting a hit. */
export async function peekRateLimit(db: Kysely<Database>, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const row = await db.selectFrom('rateLimits').select(['count', 'resetAt']).where('key', '=', rule.key).executeTakeFirst();
  if (!row || new Date(row.resetAt).getTime() <= now.getTime()) {
    return { allowed: true, count: 0, retryAfterSeconds: 0 };
  }
  const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.resetAt).getTime() - now.getTime()) / 1000));
  return { allowed: row.count < rule.limit, count: row.count, retryAfterSeconds };
}

/** Takes one hit back (an attempt that turned out not to count), never below zero. */
export async function refundRateLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('rateLimits')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

export async function resetRateLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rateLimits').where('key', '=', key).execute();
}

/** Deletes every bucket whose key starts with `prefix` (taken literally: no LIKE wildcards). */
export async function resetRateLimitsStartingWith(db: Kysely<Database>, prefix: string): Promise<void> {
  await db
    .deleteFrom('rateLimits')
    .where(sql<string>`substr(key, 1, ${prefix.length})`, '=', prefix)
    .execute();
}

/** Drops windows that have ended; run periodically. */
export async function pruneRateLimits(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.deleteFrom('rateLimits').where('resetAt', '<=', now.toISOString()).execute();
}

const WRITE_PROBE_KEY = 'readiness-probe';

/**
 * Commits a real write that nobody reads (a rate-limit row that is already expired, pruned with the
 * others), so it fails exactly when a visitor's write would: a read-only or full disk, a read-only
 * WAL, a standby PostgreSQL after a failover. A transaction rolled back would prove nothing: SQLite
 * writes the WAL only at commit.
 */
export async function probeWrite(db: Kysely<Database>): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('rateLimits')
    .values({ key: WRITE_PROBE_KEY, count: 0, resetAt: now })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ resetAt: now }))
    .execute();
}
