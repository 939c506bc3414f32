import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import {
  hitRateLimit,
  peekRateLimit,
  refundRateLimit,
  resetRateLimit,
  resetRateLimitsStartingWith,
  type RateLimitResult,
} from '#server/rate-limits/rate-limit.ts';
import { normaliseIdentifier } from './admin-users.ts';

/** Wrong passwords or codes one address may send for one username in a window before that pair is locked. */
export const LOGIN_MAX_FAILURES = 5;
/** Failures one address may cause across all usernames before the address itself is locked. */
export const ADDRESS_MAX_FAILURES = 10;
/** Failures for one username from all addresses together after which the account counts as under attack. */
export const ACCOUNT_ALERT_FAILURES = 10;
/** While an account is under attack, an address gets this many tries for it instead of LOGIN_MAX_FAILURES. */
export const ACCOUNT_ALERT_PAIR_LIMIT = 1;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;

/*
 * The lock-out policy (docs/decisions/040-login-lock-out-policy.md).
 *
 * Who is locked: the pair (username, address) that keeps failing, and an address that fails for
 * many usernames. Failures for one username that come from many addresses do not lock the account:
 * they make it stricter for addresses that have already failed for it (one try per window instead
 * of five), so a spread-out guesser is slowed down, while the owner typing the right password from
 * an address that has not failed for the account is never refused. A completed password reset
 * lifts every lock and count held against the account (the per-address locks stay).
 *
 * How it holds under concurrency and across instances: every attempt is counted in the database
 * by one atomic upsert *before* its password or code is checked, and checked only when its own
 * count is within the limit. So 40 parallel guesses get at most 5 checks, whatever the instance.
 * A success then clears the pair's count and gives the address its attempt back.
 */

const user = (username: string) => encodeURIComponent(normaliseIdentifier(username));
// The username is URI-encoded so that no username's keys are a prefix of another's (':' cannot occur).
const pairPrefix = (username: string) => `login:pair:${user(username)}:`;
const pairKey = (username: string, ip: string) => `${pairPrefix(username)}${ip}`;
const addressKey = (ip: string) => `login:ip:${ip}`;
const accountKey = (username: string) => `login:user:${user(username)}`;

const lockWindow = { windowMs: LOGIN_FAILURE_WINDOW_MS, lockMs: LOGIN_LOCK_MS };
const accountRule = (username: string) => ({ key: accountKey(username), limit: ACCOUNT_ALERT_FAILURES, windowMs: LOGIN_FAILURE_WINDOW_MS });

export type LoginAttempt = { kind: 'go' } | { kind: 'locked'; retryAfterSeconds: number };

/**
 * Counts one attempt for this username from this address, before anything is verified. `go` means
 * this attempt is within every limit and may be checked; `locked` says how long to wait.
 */
export async function beginLoginAttempt(db: Kysely<Database>, username: string, ip: string, now = new Date()): Promise<LoginAttempt> {
  const underAttack = (await peekRateLimit(db, accountRule(username), now)).count >= ACCOUNT_ALERT_FAILURES;
  const pairLimit = underAttack ? ACCOUNT_ALERT_PAIR_LIMIT : LOGIN_MAX_FAILURES;
  const counted: Array<[key: string, result: RateLimitResult]> = [
    [pairKey(username, ip), await hitRateLimit(db, { key: pairKey(username, ip), limit: pairLimit, ...lockWindow }, now)],
    [addressKey(ip), await hitRateLimit(db, { key: addressKey(ip), limit: ADDRESS_MAX_FAILURES, ...lockWindow }, now)],
  ];
  const refused = counted.filter(([, result]) => !result.allowed);
  if (refused.length === 0) return { kind: 'go' };
  // An attempt that is refused without a check is not a failure of the buckets that let it through.
  for (const [key, result] of counted) if (result.allowed) await refundRateLimit(db, key);
  return { kind: 'locked', retryAfterSeconds: Math.max(...refused.map(([, result]) => result.retryAfterSeconds)) };
}

/** The attempt was checked and failed: it stays counted, and it counts towards the account's alert. */
export async function loginAttemptFailed(db: Kysely<Database>, username: string, now = new Date()): Promise<void> {
  await hitRateLimit(db, accountRule(username), now);
}

/** The attempt succeeded: the pair starts afresh and the address gets its attempt back. */
export async function loginAttemptSucceeded(db: Kysely<Database>, username: string, ip: string): Promise<void> {
  await resetRateLimit(db, pairKey(username, ip));
  await refundRateLimit(db, addressKey(ip));
}

/**
 * The password was right but a second step is still due: the attempt is given back, but the pair's
 * earlier failures stay, so knowing the password does not buy more guesses at the code.
 */
export async function refundLoginAttempt(db: Kysely<Database>, username: string, ip: string): Promise<void> {
  await refundRateLimit(db, pairKey(username, ip));
  await refundRateLimit(db, addressKey(ip));
}

/** After a completed password reset: every pair lock and the alert count for this username go. */
export async function liftAccountLocks(db: Kysely<Database>, username: string): Promise<void> {
  await resetRateLimitsStartingWith(db, pairPrefix(username));
  await resetRateLimit(db, accountKey(username));
}
