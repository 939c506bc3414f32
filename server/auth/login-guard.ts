import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { hitRateLimit, peekRateLimit, resetRateLimit, type RateLimitRule } from '#server/rate-limits/rate-limit.ts';
import { normaliseIdentifier } from './admin-users.ts';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;

// Two buckets per attempt: one per username (slow guessing of one account from many addresses) and
// one per client address (one address trying many accounts). Each has a failure counter and, once
// it reaches the limit, a lock that lasts a full 15 minutes from the failure that tripped it.
function buckets(username: string, ip: string) {
  const user = normaliseIdentifier(username);
  return [
    { failures: `login:user:${user}`, lock: `login-lock:user:${user}` },
    { failures: `login:ip:${ip}`, lock: `login-lock:ip:${ip}` },
  ];
}

const failureRule = (key: string): RateLimitRule => ({ key, limit: LOGIN_MAX_FAILURES, windowMs: LOGIN_FAILURE_WINDOW_MS });
const lockRule = (key: string): RateLimitRule => ({ key, limit: 1, windowMs: LOGIN_LOCK_MS });

/** Seconds until login may be tried again for this username/address, or 0 when it may be tried now. */
export async function loginLockedFor(db: Kysely<Database>, username: string, ip: string, now = new Date()): Promise<number> {
  let wait = 0;
  for (const bucket of buckets(username, ip)) {
    const lock = await peekRateLimit(db, lockRule(bucket.lock), now);
    if (!lock.allowed) wait = Math.max(wait, lock.retryAfterSeconds);
  }
  return wait;
}

export async function recordLoginFailure(db: Kysely<Database>, username: string, ip: string, now = new Date()): Promise<void> {
  for (const bucket of buckets(username, ip)) {
    const failures = await hitRateLimit(db, failureRule(bucket.failures), now);
    if (failures.count >= LOGIN_MAX_FAILURES) await hitRateLimit(db, lockRule(bucket.lock), now);
  }
}

/** A successful login clears that username's count (the address keeps its own). */
export async function recordLoginSuccess(db: Kysely<Database>, username: string): Promise<void> {
  await resetRateLimit(db, buckets(username, '')[0]!.failures);
}
