import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { expandFeed, type ExpansionLimits } from './feed-expansion.ts';
import { fetchFeedText } from './feed-fetch.ts';
import type { Span } from './slot-rules.ts';

/*
 * The owner's calendar feed: fetched on a schedule and when the owner asks, expanded off the event
 * loop (feed-expansion.ts) over the booking horizon, and kept in the database as the last good copy
 * with its busy times as rows (so every instance reads the same ones, a failing feed keeps the slots
 * it gave, and a slot list is a range query on an index whatever the calendar's size). A feed that
 * cannot be fetched, read or expanded within the budgets never replaces the copy.
 */

const DAY = 24 * 60 * 60 * 1000;
/** Rows written per statement: well under SQLite's and PostgreSQL's bound on parameters. */
const INSERT_BATCH = 500;

/** The part of time a copy is expanded over, and the studio zone floating and all-day times are read in. */
export interface ExpansionWindow {
  from: number;
  to: number;
  timeZone: string;
}

/** From a day ago to a day past the longest horizon of the studio's types. */
export function expansionWindow(now: number, horizonDays: number, timeZone: string): ExpansionWindow {
  return { from: now - DAY, to: now + (horizonDays + 1) * DAY, timeZone };
}

/** The window for the studio's types: to the longest horizon of any of them. */
export function feedWindowOf(types: readonly { horizonDays: number }[], timeZone: string, now: number): ExpansionWindow {
  return expansionWindow(now, Math.max(1, ...types.map((type) => type.horizonDays)), timeZone);
}

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

export type FeedRead = { kind: 'read'; body: string; spans: Span[] } | { kind: 'failed'; error: string };

export interface FeedReadOptions {
  allowPrivate: boolean;
  window: ExpansionWindow;
  timeoutMs?: number;
  limits?: ExpansionLimits;
}

/** Fetches a feed and expands it: the copy to keep, or what the owner is told. Nothing of the answer is echoed. */
export async function readFeed(url: URL, options: FeedReadOptions): Promise<FeedRead> {
  const fetched = await fetchFeedText(url, { allowPrivate: options.allowPrivate, timeoutMs: options.timeoutMs });
  if (fetched.kind === 'failed') return fetched;
  const expanded = await expandFeed(fetched.body, options.window, options.limits);
  if (expanded.kind === 'refused') return { kind: 'failed', error: expanded.message };
  return { kind: 'read', body: fetched.body, spans: expanded.spans };
}

export interface FeedState {
  fetchedAt: string | null;
  attemptedAt: string | null;
  error: string | null;
}

async function replaceBusyTimes(trx: Transaction<Database>, spans: readonly Span[]) {
  await trx.deleteFrom('bookingBusyTimes').execute();
  for (let index = 0; index < spans.length; index += INSERT_BATCH) {
    const rows = spans.slice(index, index + INSERT_BATCH).map((span) => ({
      startAt: new Date(span.start).toISOString(),
      endAt: new Date(span.end).toISOString(),
    }));
    await trx.insertInto('bookingBusyTimes').values(rows).execute();
  }
}

const expansionColumns = (window: ExpansionWindow, spans: readonly Span[], at: string) => ({
  expandedAt: at,
  expandedFrom: new Date(window.from).toISOString(),
  expandedUntil: new Date(window.to).toISOString(),
  expandedZone: window.timeZone,
  busyCount: spans.length,
});

/**
 * Writes a copy and its busy times in one transaction. The feed's row is written first: on
 * PostgreSQL its lock makes two instances storing at once take turns, so the busy times of one copy
 * are never mixed with another's.
 */
export async function storeFeedCopy(db: Kysely<Database>, body: string, spans: readonly Span[], window: ExpansionWindow, now: Date) {
  const at = now.toISOString();
  const values = { body, fetchedAt: at, attemptedAt: at, error: null, ...expansionColumns(window, spans, at) };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('bookingFeed')
      .values({ id: 1, ...values })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
      .execute();
    await replaceBusyTimes(trx, spans);
  });
}

/** Records a failed attempt: the last good copy and its busy times stay. */
export async function recordFeedFailure(db: Kysely<Database>, error: string, now: Date) {
  const values = { attemptedAt: now.toISOString(), error };
  await db
    .insertInto('bookingFeed')
    .values({
      id: 1,
      body: null,
      fetchedAt: null,
      expandedAt: null,
      expandedFrom: null,
      expandedUntil: null,
      expandedZone: null,
      ...values,
    })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
}

/** Fetches the feed and records the outcome: a good copy replaces the last one, a failure keeps it. */
export async function refreshFeed(db: Kysely<Database>, url: URL, options: FeedReadOptions, now = new Date()): Promise<FeedState> {
  const read = await readFeed(url, options);
  if (read.kind === 'read') await storeFeedCopy(db, read.body, read.spans, options.window, now);
  else await recordFeedFailure(db, read.error, now);
  return feedState(db);
}

export async function feedState(db: Kysely<Database>): Promise<FeedState> {
  const row = await db.selectFrom('bookingFeed').select(['fetchedAt', 'attemptedAt', 'error']).where('id', '=', 1).executeTakeFirst();
  return row ?? { fetchedAt: null, attemptedAt: null, error: null };
}

/** Forgets the copy and its busy times, when the owner removes the feed's address. */
export async function forgetFeed(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('bookingFeed').execute();
    await trx.deleteFrom('bookingBusyTimes').execute();
  });
}

/** The busy spans that meet [from, to), sorted by start: rows only cover the expansion window, so the scan stays short. */
export async function busyBetween(db: Kysely<Database>, from: number, to: number): Promise<Span[]> {
  const rows = await db
    .selectFrom('bookingBusyTimes')
    .select(['startAt', 'endAt'])
    .where('startAt', '<', new Date(to).toISOString())
    .where('endAt', '>', new Date(from).toISOString())
    .orderBy('startAt')
    .execute();
  return rows.map((row) => ({ start: Date.parse(row.startAt), end: Date.parse(row.endAt) }));
}

/** Busy times still to come: the count the owner sees beside the feed. */
export async function upcomingBusyCount(db: Kysely<Database>, now: number): Promise<number> {
  const row = await db
    .selectFrom('bookingBusyTimes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('endAt', '>', new Date(now).toISOString())
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export type ReexpandOutcome = 'current' | 'expanded' | 'dropped' | 'none';

/**
 * Expands the kept copy again when its expansion no longer covers what the slots need (a longer
 * horizon, another studio zone, a day gone by, or a copy kept before busy times were stored). A
 * copy that is refused now (a stricter budget than when it was kept) is dropped, with the reason
 * shown to the owner, rather than expanded on every start.
 */
export async function reexpandKeptCopy(
  db: Kysely<Database>,
  window: ExpansionWindow,
  now: Date,
  limits?: ExpansionLimits,
): Promise<ReexpandOutcome> {
  const row = await db.selectFrom('bookingFeed').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row?.body) return 'none';
  const fresh =
    row.expandedAt !== null &&
    row.expandedZone === window.timeZone &&
    row.expandedUntil !== null &&
    Date.parse(row.expandedUntil) >= window.to - DAY &&
    now.getTime() - Date.parse(row.expandedAt) < DAY;
  if (fresh) return 'current';
  const expanded = await expandFeed(row.body, window, limits);
  const at = now.toISOString();
  const changes =
    expanded.kind === 'refused'
      ? { body: null, fetchedAt: null, attemptedAt: at, error: expanded.message, ...expansionColumns(window, [], at) }
      : expansionColumns(window, expanded.spans, at);
  return db.transaction().execute(async (trx) => {
    // Only the copy that was expanded: one a refresh stored meanwhile (on any instance) is newer and stays.
    const written = await trx
      .updateTable('bookingFeed')
      .set(changes)
      .where('id', '=', 1)
      .where('fetchedAt', row.fetchedAt === null ? 'is' : '=', row.fetchedAt)
      .executeTakeFirst();
    if (written.numUpdatedRows !== 1n) return 'current';
    await replaceBusyTimes(trx, expanded.kind === 'refused' ? [] : expanded.spans);
    return expanded.kind === 'refused' ? 'dropped' : 'expanded';
  });
}
