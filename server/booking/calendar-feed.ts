import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { busyTimes, FeedNotReadable } from './busy-times.ts';
import type { Span } from './slot-rules.ts';

/*
 * The owner's calendar feed: fetched on a schedule and when the owner asks, the last good copy kept
 * in the database (so every instance reads the same one, and a failing feed keeps the slots it gave),
 * the last error worded for the owner. Expanding a feed's recurrences costs milliseconds per
 * hundred events, so each instance expands a copy once and keeps the spans until the copy changes.
 */

/** Google's and Outlook's feeds of a busy calendar stay well under this. */
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;
/** The spans are expanded this far ahead: past any horizon a type may have (365 days). */
const EXPANSION_DAYS = 400;
const DAY = 24 * 60 * 60 * 1000;

export type FeedFetch = { kind: 'fetched'; body: string } | { kind: 'failed'; error: string };

/**
 * The address the owner pasted, as the server fetches it: `webcal://` (Apple's and Google's links)
 * is HTTPS. Null when it is not a web address at all.
 */
export function feedAddress(text: string): URL | null {
  const trimmed = text.trim().replace(/^webcals?:\/\//i, 'https://');
  if (trimmed.length > 2_000 || !URL.canParse(trimmed)) return null;
  const url = new URL(trimmed);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  return url;
}

async function readCapped(response: Response): Promise<string | null> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_FEED_BYTES) return null;
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_FEED_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Fetches a feed and checks that it reads as a calendar. The error is what the owner is shown; nothing of the answer is echoed. */
export async function fetchFeed(url: URL, timeoutMs = FETCH_TIMEOUT_MS): Promise<FeedFetch> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'text/calendar' } });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      kind: 'failed',
      error: timedOut ? `The calendar did not answer within ${timeoutMs / 1000} seconds` : 'The calendar could not be reached',
    };
  }
  if (response.status === 401 || response.status === 403 || response.status === 404) {
    await response.body?.cancel();
    return {
      kind: 'failed',
      error: `The calendar refused the address (HTTP ${response.status}): it may have been reset. Copy the secret address again`,
    };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { kind: 'failed', error: `The calendar answered with an error (HTTP ${response.status})` };
  }
  let body: string | null;
  try {
    body = await readCapped(response);
  } catch {
    return { kind: 'failed', error: 'The calendar stopped answering part way' };
  }
  if (body === null) return { kind: 'failed', error: `The calendar is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB` };
  try {
    busyTimes(body, { from: 0, to: 1, timeZone: 'UTC' });
  } catch (error) {
    if (error instanceof FeedNotReadable)
      return { kind: 'failed', error: `${error.message}: check that you copied the iCal (.ics) address` };
    throw error;
  }
  return { kind: 'fetched', body };
}

export interface FeedState {
  fetchedAt: string | null;
  attemptedAt: string | null;
  error: string | null;
}

/** Fetches the feed and records the outcome: a good copy replaces the last one, a failure keeps it. */
export async function refreshFeed(db: Kysely<Database>, url: URL, now = new Date()): Promise<FeedState> {
  const outcome = await fetchFeed(url);
  const at = now.toISOString();
  const values =
    outcome.kind === 'fetched'
      ? { body: outcome.body, fetchedAt: at, attemptedAt: at, error: null }
      : { attemptedAt: at, error: outcome.error };
  await db
    .insertInto('bookingFeed')
    .values({ id: 1, body: null, fetchedAt: null, ...values })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
  return feedState(db);
}

export async function feedState(db: Kysely<Database>): Promise<FeedState> {
  const row = await db.selectFrom('bookingFeed').select(['fetchedAt', 'attemptedAt', 'error']).where('id', '=', 1).executeTakeFirst();
  return row ?? { fetchedAt: null, attemptedAt: null, error: null };
}

/** Forgets the copy, when the owner removes the feed's address. */
export async function forgetFeed(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('bookingFeed').execute();
}

/** The busy spans of the last good copy, expanded once per copy and zone and kept by this instance. */
export function busyTimesReader(db: Kysely<Database>) {
  let kept: { key: string; from: number; spans: Span[] } | null = null;
  return async function busyFrom(timeZone: string, now: number): Promise<Span[]> {
    // Only the copy's time is read on every call; its text (up to MAX_FEED_BYTES) only when it changed.
    const stamp = await db
      .selectFrom('bookingFeed')
      .select('fetchedAt')
      .where('id', '=', 1)
      .where('body', 'is not', null)
      .executeTakeFirst();
    if (!stamp) return [];
    const key = `${stamp.fetchedAt}|${timeZone}`;
    // Re-expanded daily as well, so an endless rule keeps reaching the horizon.
    if (kept?.key !== key || now - kept.from > DAY) {
      const row = await db.selectFrom('bookingFeed').select(['body', 'fetchedAt']).where('id', '=', 1).executeTakeFirst();
      if (!row?.body) return [];
      const from = now - DAY;
      kept = { key: `${row.fetchedAt}|${timeZone}`, from, spans: busyTimes(row.body, { from, to: from + EXPANSION_DAYS * DAY, timeZone }) };
    }
    return kept.spans;
  };
}
