import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CONTACT_FILTER_ALL, matchesContactFilter, type ContactStatusFilter } from '#common/contact-inbox.ts';
import type { Database } from '#server/db/schema.ts';
import { listContactSubmissions, SUBMISSION_COLUMNS, type ContactSubmissionView } from './submissions.ts';

/**
 * A short tag that changes whenever the inbox does: a submission arrives (also one that commits
 * after a newer one: the count moves), is deleted, read, unread or changes status. The open admin
 * polls with it and downloads the list only when it changed (docs/decisions/048-contact-inbox.md).
 */
export async function inboxVersion(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('contactSubmissions')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.max('id').as('maxId'),
      eb.fn.max('updatedAt').as('lastUpdate'),
      eb.fn.count<number>('readAt').as('read'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'new').then(1).else(0).end()).as('pending'),
    ])
    // Spam arriving does not change the inbox; one moved out of the spam folder does (count, updated_at).
    .where('spamReason', 'is', null)
    .executeTakeFirstOrThrow();
  const fingerprint = [row.total, row.maxId, row.lastUpdate, row.read, row.pending].map((value) => String(value ?? '')).join('|');
  return createHash('sha256').update(fingerprint).digest('base64url').slice(0, 16);
}

export type InboxFeed = { version: string; submissions: ContactSubmissionView[] | null };

/** The list, or null when the caller's version is still current (the poll that found nothing new). */
export async function readInboxFeed(db: Kysely<Database>, knownVersion: string | undefined): Promise<InboxFeed> {
  const version = await inboxVersion(db);
  if (knownVersion === version) return { version, submissions: null };
  // Read after the version: a change in between shows in this list and again at the next poll, never lost.
  return { version, submissions: await listContactSubmissions(db) };
}

export type ReadOutcome = { kind: 'updated'; submission: ContactSubmissionView } | { kind: 'not-found' };

/**
 * Opened (read) or put back to unread. Opening an already read message keeps its first read time.
 * `updated_at` moves either way, so other open tabs see the change at their next poll.
 */
export async function markSubmissionRead(db: Kysely<Database>, id: number, read: boolean, now = new Date()): Promise<ReadOutcome> {
  const nowIso = now.toISOString();
  const row = await db
    .updateTable('contactSubmissions')
    .set((eb) => ({ readAt: read ? eb.fn.coalesce('readAt', eb.val(nowIso)) : null, updatedAt: nowIso }))
    .where('id', '=', id)
    .returning(SUBMISSION_COLUMNS)
    .executeTakeFirst();
  return row ? { kind: 'updated', submission: row } : { kind: 'not-found' };
}

const EXPORT_PAGE_SIZE = 500;

/**
 * Every submission the filter shows, newest first, a page at a time (keyset on id): a large inbox
 * is never held in memory, and no database connection stays taken between pages.
 */
export async function* exportSubmissions(
  db: Kysely<Database>,
  filter: { status: ContactStatusFilter; q: string },
): AsyncGenerator<ContactSubmissionView[]> {
  let before: number | null = null;
  for (;;) {
    // The inbox only, like the tab: kept spam is not exported.
    let query = db
      .selectFrom('contactSubmissions')
      .select(SUBMISSION_COLUMNS)
      .where('spamReason', 'is', null)
      .orderBy('id', 'desc')
      .limit(EXPORT_PAGE_SIZE);
    if (before !== null) query = query.where('id', '<', before);
    if (filter.status !== CONTACT_FILTER_ALL) query = query.where('status', '=', filter.status);
    const page = await query.execute();
    // The search runs here, with the very function the tab uses, so the file holds what the owner saw.
    const shown = page.filter((row) => matchesContactFilter(row, filter.status, filter.q));
    if (shown.length > 0) yield shown;
    if (page.length < EXPORT_PAGE_SIZE) return;
    before = page.at(-1)!.id;
  }
}
