/**
 * How long others may keep a public answer. Browsers revalidate every time (a 304 costs a few hundred
 * bytes), so the owner sees a change at the next reload. A CDN keeps a copy SHARED_SECONDS and may
 * serve it stale for STALE_SECONDS more while it fetches the new one: a change reaches every visitor
 * within a minute even behind a CDN (docs/deploy.md).
 */
export const SHARED_SECONDS = 30;
export const STALE_SECONDS = 30;
export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`;
/** Pages for a signed-in admin (or anyone with a session cookie) are theirs alone. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';
/** Server-side lifetime of a stored answer when no change is announced (see PublicCacheOptions). */
export const STORED_MAX_AGE_MS = 60_000;

/** A CDN keeps a page no longer than the announcement bar it shows is right (decision 118). */
export function sharedCacheControl(validUntil: number | undefined, now = Date.now()): string {
  const left = validUntil === undefined ? Infinity : Math.floor((validUntil - now) / 1000);
  return left >= SHARED_SECONDS + STALE_SECONDS ? PUBLIC_CACHE_CONTROL : `public, max-age=0, s-maxage=${Math.max(0, left)}`;
}
