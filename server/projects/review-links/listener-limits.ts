import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { hitRateLimit, peekRateLimit, refundRateLimit, resetRateLimit, type RateLimitRule } from '#server/rate-limits/rate-limit.ts';

const MINUTE_MS = 60 * 1000;

/** Password tries one address may make on one link in a window (the right password clears its count). */
export const PASSWORD_TRIES_PER_ADDRESS = { limit: 5, windowMs: 15 * MINUTE_MS };
/** Wrong passwords on one link from all addresses together, in an hour, after which the link counts as under attack. */
export const LINK_ALERT_FAILURES = { limit: 30, windowMs: 60 * MINUTE_MS };
/** While a link is under attack, the tries an address gets on it per window instead of PASSWORD_TRIES_PER_ADDRESS. */
export const ALERT_TRIES_PER_ADDRESS = { limit: 1, windowMs: 15 * MINUTE_MS };

/** Comments through one link from one address in ten minutes: a careful listen, not a script. */
export const LINK_COMMENT_LIMIT = { limit: 30, windowMs: 10 * MINUTE_MS };
/** Comments through one link from all addresses together in a day: a band and its friends, not a flood in the studio's mail. */
export const LINK_COMMENTS_PER_DAY = { limit: 100, windowMs: 24 * 60 * MINUTE_MS };

const addressKey = (linkId: number, ip: string) => `review-link:${linkId}:ip:${ip}`;
const alertAddressKey = (linkId: number, ip: string) => `review-link:${linkId}:alert-ip:${ip}`;
const alertRule = (linkId: number): RateLimitRule => ({ key: `review-link:${linkId}:failures`, ...LINK_ALERT_FAILURES });

/** Whose share ran out: the one address's, or the link's as a whole. */
export type LimitScope = 'address' | 'link';
export type LimitCheck = { allowed: true } | { allowed: false; retryAfterSeconds: number; refusedBy: LimitScope };
type ScopedRule = RateLimitRule & { scope: LimitScope };

/**
 * Counts one hit in every rule at once (each an atomic upsert), and only when all of them allow
 * it: a hit one rule refuses is handed back to the others, so it costs nothing it did not get.
 */
async function hitAll(db: Kysely<Database>, rules: ScopedRule[], now: Date): Promise<LimitCheck> {
  const results = [];
  for (const rule of rules) results.push({ rule, result: await hitRateLimit(db, rule, now) });
  const refused = results.filter(({ result }) => !result.allowed);
  if (refused.length === 0) return { allowed: true };
  for (const { rule, result } of results) if (result.allowed) await refundRateLimit(db, rule.key);
  const longest = refused.reduce((a, b) => (b.result.retryAfterSeconds > a.result.retryAfterSeconds ? b : a));
  return { allowed: false, retryAfterSeconds: longest.result.retryAfterSeconds, refusedBy: longest.rule.scope };
}

/*
 * A link's password (the policy of the admin login, docs/decisions/040-login-lock-out-policy.md).
 * Who is held back: the address that keeps failing on the link. Wrong passwords from many addresses
 * never lock the link for everyone (a stranger could otherwise shut the studio's client out for an
 * hour with thirty guesses): they make it stricter for every address, one try per window instead
 * of five. An address that has not tried this window, as the client on their own connection, still
 * gets its try, and the right password opens. A guesser then needs a new address for every guess,
 * each checked with argon2id, so going through even a short list of passwords takes a great many
 * addresses; the owner sees the failed tries on the link and can turn it off.
 *
 * Every try is counted before the password is checked, and checked only within its limits.
 */
export async function beginUnlock(db: Kysely<Database>, linkId: number, ip: string, now: Date): Promise<LimitCheck> {
  const underAttack = (await peekRateLimit(db, alertRule(linkId), now)).count >= LINK_ALERT_FAILURES.limit;
  const rules: ScopedRule[] = [{ scope: 'address', key: addressKey(linkId, ip), ...PASSWORD_TRIES_PER_ADDRESS }];
  if (underAttack) rules.push({ scope: 'address', key: alertAddressKey(linkId, ip), ...ALERT_TRIES_PER_ADDRESS });
  return hitAll(db, rules, now);
}

/** A checked try was wrong: it stays counted for its address, and counts towards the link's alert. */
export async function unlockFailed(db: Kysely<Database>, linkId: number, now: Date): Promise<void> {
  await hitRateLimit(db, alertRule(linkId), now);
}

/** The right password: the address starts afresh. */
export async function unlockSucceeded(db: Kysely<Database>, linkId: number, ip: string): Promise<void> {
  await resetRateLimit(db, addressKey(linkId, ip));
  await resetRateLimit(db, alertAddressKey(linkId, ip));
}

/** A comment through a link: within the address's share and the link's daily share, counted before it is written. */
export async function beginLinkComment(db: Kysely<Database>, linkId: number, ip: string, now = new Date()): Promise<LimitCheck> {
  return hitAll(
    db,
    [
      { scope: 'address', key: `review-link:${linkId}:comments:${ip}`, ...LINK_COMMENT_LIMIT },
      { scope: 'link', key: `review-link:${linkId}:comments`, ...LINK_COMMENTS_PER_DAY },
    ],
    now,
  );
}
