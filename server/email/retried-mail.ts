import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/*
 * E-mails sent at least once: each is a row first (committed with what it is about), then sent, and
 * retried with back-off until sent. The contact notices, the project and the booking e-mails keep such rows in
 * tables of the same shape (`attempts`, `nextAttemptAt`, `lastError`, `sentAt`); this is their
 * shared bookkeeping. Composing and sending stay with each capability.
 */

export type RetriedMailTable = 'contactNotices' | 'projectEmails' | 'bookingEmails' | 'billingEmails' | 'billingNotices' | 'proposalEmails';
export type DeliveryResult = 'sent' | 'failed' | 'skipped';

/** A send in progress holds its row this long, so another instance or tick does not send it twice. */
const SEND_LEASE_MS = 2 * 60_000;
const FIRST_RETRY_MS = 30_000;
/** A mail server that stays down is still tried hourly: a message is never given up on. */
const MAX_RETRY_MS = 60 * 60_000;
const BATCH_SIZE = 25;

export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims one row for sending if it is due and nobody holds it: a conditional update, so on several
 * instances (or a retry tick racing the first attempt) exactly one sends it.
 */
export async function claimForSending(db: Kysely<Database>, table: RetriedMailTable, id: number, now: Date): Promise<boolean> {
  const claimed = await db
    .updateTable(table)
    .set((eb) => ({ attempts: eb('attempts', '+', 1), nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MS).toISOString() }))
    .where('id', '=', id)
    .where('sentAt', 'is', null)
    .where('nextAttemptAt', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** After a failed send: the reason, and the next attempt after the back-off. Answers when that is. */
export async function markFailed(db: Kysely<Database>, table: RetriedMailTable, id: number, error: unknown, attempts: number, now: Date) {
  const reason = error instanceof Error ? error.message : String(error);
  const retryAt = new Date(now.getTime() + retryDelayMs(attempts));
  await db
    .updateTable(table)
    .set({ lastError: reason.slice(0, 500), nextAttemptAt: retryAt.toISOString() })
    .where('id', '=', id)
    .execute();
  return retryAt;
}

export async function markSent(db: Kysely<Database>, table: RetriedMailTable, id: number, at: Date): Promise<void> {
  await db.updateTable(table).set({ sentAt: at.toISOString(), lastError: null }).where('id', '=', id).execute();
}

/** Delivers every due row, a batch at a time; a claimed or failed row moves its next attempt past `now`, so every pass ends. */
export async function deliverDue(
  db: Kysely<Database>,
  table: RetriedMailTable,
  deliver: (id: number) => Promise<DeliveryResult>,
  now: Date,
): Promise<Record<DeliveryResult, number>> {
  const totals: Record<DeliveryResult, number> = { sent: 0, failed: 0, skipped: 0 };
  for (;;) {
    const due = await db
      .selectFrom(table)
      .select('id')
      .where('sentAt', 'is', null)
      .where('nextAttemptAt', '<=', now.toISOString())
      .orderBy('nextAttemptAt')
      .orderBy('id')
      .limit(BATCH_SIZE)
      .execute();
    for (const { id } of due) totals[await deliver(id)] += 1;
    if (due.length < BATCH_SIZE) return totals;
  }
}

/** When the next unsent row falls due (a batch's end, a retry, a reminder), or null when none waits. */
export async function nextDueAt(db: Kysely<Database>, table: RetriedMailTable): Promise<Date | null> {
  const next = await db
    .selectFrom(table)
    .select((eb) => eb.fn.min('nextAttemptAt').as('at'))
    .where('sentAt', 'is', null)
    .executeTakeFirst();
  return next?.at ? new Date(next.at) : null;
}
