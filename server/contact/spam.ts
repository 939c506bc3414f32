import type { Kysely } from 'kysely';
import type { ContactSubmissionData } from '#common/contact.ts';
import { SPAM_KEPT_DAYS, type SpamReason } from '#common/contact-spam.ts';
import type { CoreServices } from '#server/core-services.ts';
import type { Database } from '#server/db/schema.ts';
import { hitRateLimit } from '#server/rate-limits/rate-limit.ts';
import { SUBMISSION_COLUMNS, type ContactSubmissionView, type SubmissionReceipt } from './submissions.ts';

/*
 * The spam folder (docs/decisions/089-kept-spam.md). A message the form's checks caught is stored
 * like any other but marked with its reason: no notice, no acknowledgement, not in the inbox. The
 * owner can move one to the inbox; otherwise it goes after SPAM_KEPT_DAYS. The contact limit per
 * address applies before any of this; then at most SPAM_KEPT_PER_ADDRESS_PER_DAY are kept from one
 * address, and only the newest SPAM_KEPT_MAX at all, so a flood cannot fill the database.
 */

/** The most spam kept at once; storing one more drops the oldest. */
export const SPAM_KEPT_MAX = 1000;
/**
 * The most spam kept from one address in a day. A person whose message was caught sends one or two;
 * a bot may send the contact limit's 720 a day and would otherwise push everything else out of the
 * folder within two days.
 */
export const SPAM_KEPT_PER_ADDRESS_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface SpamView extends ContactSubmissionView {
  spamReason: SpamReason;
}

const SPAM_COLUMNS = [...SUBMISSION_COLUMNS, 'spamReason'] as const;

/** Whether one more caught message from this address is kept today (counts it). */
export async function keepsSpamFrom(db: Kysely<Database>, ip: string, now = new Date()): Promise<boolean> {
  const hit = await hitRateLimit(db, { key: `contact-spam:ip:${ip}`, limit: SPAM_KEPT_PER_ADDRESS_PER_DAY, windowMs: DAY_MS }, now);
  return hit.allowed;
}

/** What a caught message beyond that gets: a receipt like any other (the next id), though nothing was stored. */
export async function unkeptReceipt(db: Kysely<Database>, now: Date): Promise<SubmissionReceipt> {
  const row = await db
    .selectFrom('contactSubmissions')
    .select((eb) => eb.fn.max('id').as('maxId'))
    .executeTakeFirst();
  return { id: Number(row?.maxId ?? 0) + 1, status: 'new', createdAt: now.toISOString() };
}

/** Stores a caught message in the spam folder and trims the folder to `keep`, in one transaction; answers the visitor's receipt. */
export async function storeSpamSubmission(
  db: Kysely<Database>,
  data: ContactSubmissionData,
  reason: SpamReason,
  keep = SPAM_KEPT_MAX,
): Promise<SubmissionReceipt> {
  return db.transaction().execute(async (trx) => {
    const receipt = await trx
      .insertInto('contactSubmissions')
      .values({ name: data.name, email: data.email, phone: data.phone ?? null, message: data.message, spamReason: reason })
      .returning(['id', 'status', 'createdAt'])
      .executeTakeFirstOrThrow();
    await trx
      .deleteFrom('contactSubmissions')
      .where('spamReason', 'is not', null)
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom('contactSubmissions')
          .select('id')
          .where('spamReason', 'is not', null)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(keep),
      )
      .execute();
    return receipt;
  });
}

/** The spam folder, newest first. */
export async function listSpam(db: Kysely<Database>): Promise<SpamView[]> {
  const rows = await db
    .selectFrom('contactSubmissions')
    .select(SPAM_COLUMNS)
    .where('spamReason', 'is not', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows as SpamView[];
}

export type NotSpamOutcome =
  { kind: 'moved'; submission: ContactSubmissionView; noticeId: number } | { kind: 'not-spam' } | { kind: 'not-found' };

/**
 * Moves a kept message to the inbox, unread, with the owner notice it would have had on arrival (the
 * retry task sends it if the first attempt fails). No acknowledgement: it would reach the sender days
 * late, and the address may be one a bot typed. The conditional update makes a second move (another
 * tab, a double click) a `not-spam` and never a second notice.
 */
export async function moveToInbox(db: Kysely<Database>, id: number, now = new Date()): Promise<NotSpamOutcome> {
  return db.transaction().execute(async (trx) => {
    const submission = await trx
      .updateTable('contactSubmissions')
      .set({ spamReason: null, readAt: null, updatedAt: now.toISOString() })
      .where('id', '=', id)
      .where('spamReason', 'is not', null)
      .returning(SUBMISSION_COLUMNS)
      .executeTakeFirst();
    if (!submission) {
      const exists = await trx.selectFrom('contactSubmissions').select('id').where('id', '=', id).executeTakeFirst();
      return exists ? { kind: 'not-spam' } : { kind: 'not-found' };
    }
    const notice = await trx.insertInto('contactNotices').values({ submissionId: id }).returning('id').executeTakeFirstOrThrow();
    return { kind: 'moved', submission, noticeId: notice.id };
  });
}

/** Deletes spam that arrived more than SPAM_KEPT_DAYS ago; the inbox is never touched. Answers how many went. */
export async function pruneOldSpam(db: Kysely<Database>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SPAM_KEPT_DAYS * DAY_MS).toISOString();
  const result = await db
    .deleteFrom('contactSubmissions')
    .where('spamReason', 'is not', null)
    .where('createdAt', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sweeps now, then hourly; the timer does not keep the process alive. */
export function startSpamSweep(services: Pick<CoreServices, 'db' | 'logger'>): NodeJS.Timeout {
  const sweep = () =>
    pruneOldSpam(services.db).then(
      (removed) => removed > 0 && services.logger.info({ removed }, 'deleted contact spam older than 30 days'),
      (error: unknown) => services.logger.warn({ err: error }, 'contact spam sweep failed'),
    );
  void sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  return timer;
}
