import type { Kysely, Transaction } from 'kysely';
import { formatMoney } from '#common/billing/money.ts';
import type { BillingNoticeKind, Database, Invoice } from '#server/db/schema.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { claimForSending, deliverDue, markFailed, markSent, type DeliveryResult } from '#server/email/retried-mail.ts';
import type { BillingEmailDeps } from './billing-emails.ts';

/*
 * The studio hears of every payment, refund and dispute (decision 104): a row in `billing_notices`,
 * queued in the transaction that records the money, so it exists exactly when the money does, and
 * sent at least once by the billing e-mails' sender (at once after the commit, within a minute at
 * worst). `subject` names what it tells of (`payment:12`, a payments row; `dispute-lost:dp_1`), so a
 * replayed webhook or two instances never make two.
 */

export interface StudioNotice {
  invoiceId: number;
  kind: BillingNoticeKind;
  subject: string;
  /** The money it tells of, positive. */
  amountCents: number;
}

export async function queueStudioNotice(trx: Transaction<Database> | Kysely<Database>, notice: StudioNotice, now: Date): Promise<void> {
  await trx
    .insertInto('billingNotices')
    .values({ ...notice, nextAttemptAt: now.toISOString(), createdAt: now.toISOString() })
    .onConflict((conflict) => conflict.column('subject').doNothing())
    .execute();
}

interface NoticeWording {
  invoice: Invoice;
  amount: string;
  clientName: string;
  projectTitle: string;
}

const HEADLINE: Record<BillingNoticeKind, (w: NoticeWording) => string> = {
  payment: (w) => `Payment received: ${w.amount} on invoice ${w.invoice.number}`,
  refund: (w) => `Refund recorded: ${w.amount} on invoice ${w.invoice.number}`,
  dispute_opened: (w) => `Card dispute opened: ${w.amount} on invoice ${w.invoice.number}`,
  dispute_won: (w) => `Card dispute won: ${w.amount} back on invoice ${w.invoice.number}`,
  dispute_lost: (w) => `Card dispute lost: ${w.amount} on invoice ${w.invoice.number}`,
};

const WHAT_NEXT: Record<BillingNoticeKind, string> = {
  payment: 'It is recorded on the invoice.',
  refund: 'The invoice shows it as refunded; whether the masters lock again is your choice on the invoice.',
  dispute_opened: 'Stripe holds the money while the dispute is open, and the masters stay locked until it is won. Answer it in Stripe.',
  dispute_won: 'The money is yours again; the dispute no longer holds the masters.',
  dispute_lost: 'The money stays with the client’s bank, and the masters stay locked unless you unlock the project.',
};

function compose(kind: BillingNoticeKind, w: NoticeWording, inbox: string, projectUrl: string): MailMessage {
  const state = w.invoice.state.replace('_', ' ');
  const text = [
    HEADLINE[kind](w) + '.',
    '',
    `Client: ${w.clientName}`,
    `Project: ${w.projectTitle}`,
    `Invoice: ${w.invoice.number}, ${formatMoney(w.invoice.totalCents, w.invoice.currency)}, now ${state}`,
    '',
    WHAT_NEXT[kind],
    '',
    `The project: ${projectUrl}`,
  ].join('\n');
  return { to: inbox, subject: `${HEADLINE[kind](w)} (${w.projectTitle})`, text };
}

async function deliverStudioNotice(deps: BillingEmailDeps, id: number, now: Date): Promise<DeliveryResult> {
  const { db, logger } = deps;
  if (!(await claimForSending(db, 'billingNotices', id, now))) return 'skipped';
  const row = await db.selectFrom('billingNotices').selectAll().where('id', '=', id).executeTakeFirst();
  const invoice = row && (await db.selectFrom('invoices').selectAll().where('id', '=', row.invoiceId).executeTakeFirst());
  const project = invoice && (await deps.projects.find(db, invoice.projectId));
  if (!row || !invoice || !project) return 'skipped';
  try {
    const studio = await deps.studioIdentity();
    const wording = {
      invoice,
      amount: formatMoney(row.amountCents, invoice.currency),
      clientName: project.clientName,
      projectTitle: project.title,
    };
    await deps.mailer.send(compose(row.kind, wording, studio.email, `${deps.publicUrl}/manage/projects/${invoice.projectId}`));
  } catch (error) {
    const retryAt = await markFailed(db, 'billingNotices', id, error, row.attempts, now);
    logger.warn({ err: error, noticeId: id, kind: row.kind, invoiceId: invoice.id, retryAt }, 'studio money notice not sent; will retry');
    return 'failed';
  }
  await markSent(db, 'billingNotices', id, now);
  return 'sent';
}

export function sendDueStudioNotices(deps: BillingEmailDeps, now = new Date()): Promise<Record<DeliveryResult, number>> {
  return deliverDue(deps.db, 'billingNotices', (id) => deliverStudioNotice(deps, id, now), now);
}
