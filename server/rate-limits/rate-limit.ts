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
}

/**
 * Fixed-window counter kept in the database, so limits survive restarts and hold across instances.
 * One upsert per hit: the window restarts when the stored reset time has passed.
 */
export async function hitRateLimit(db: Kysely<Database>, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const nowIso = now.toISOString();
  const resetAt = new Date(now.getTime() + rule.windowMs).toISOString();
  const row = await db
    .insertInto('rateLimits')
    .values({ key: rule.key, count: 1, resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${nowIso} then 1 else rate_limits.count + 1 end`,
        resetAt: sql<string>`case when rate_limits.reset_at <= ${nowIso} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'resetAt'])
    .executeTakeFirstOrThrow();
  const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.resetAt).getTime() - now.getTime()) / 1000));
  return { allowed: row.count <= rule.limit, count: row.count, retryAfterSeconds };
}

/** Reads a bucket without counting a hit (e.g. to refuse a login before checking the password). */
export async function peekRateLimit(db: Kysely<Database>, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const row = await db.selectFrom('rateLimits').select(['count', 'resetAt']).where('key', '=', rule.key).executeTakeFirst();
  if (!row || new Date(row.resetAt).getTime() <= now.getTime()) {
    return { allowed: true, count: 0, retryAfterSeconds: 0 };
  }
  const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.resetAt).getTime() - now.getTime()) / 1000));
  return { allowed: row.count < rule.limit, count: row.count, retryAfterSeconds };
}

export async function resetRateLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rateLimits').where('key', '=', key).execute();
}

/** Drops windows that have ended; run periodically. */
export async function pruneRateLimits(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.deleteFrom('rateLimits').where('resetAt', '<=', now.toISOString()).execute();
}
