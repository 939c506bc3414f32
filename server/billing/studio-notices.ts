import type { Kysely, Transaction } from 'kysely';
import { formatMoney } from '#common/billing/money.ts';
import type { BillingNoticeKind, Database, Invoice } from '#server/db/schema.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { claimForSending, deliverDue, markFailed, markSent, type DeliveryResult } from '#server/email/retried-mail.ts';
import type { BillingEmailDeps } from './billing-emails.ts';
import type { BillingProjects } from './billing-projects.ts';

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

/**
 * Queues the notice for the studio's address and a copy for each of the project's engineers (their
 * subject names them), in the money's transaction; whether a copy still goes is read when it is sent.
 */
export async function queueStudioNotice(
  trx: Transaction<Database> | Kysely<Database>,
  projects: Pick<BillingProjects, 'engineerIds'>,
  notice: StudioNotice,
  now: Date,
): Promise<void> {
  const invoice = await trx.selectFrom('invoices').select('projectId').where('id', '=', notice.invoiceId).executeTakeFirst();
  const engineers = invoice ? await projects.engineerIds(trx, invoice.projectId) : [];
  const copies = [null, ...engineers].map((staffId) => ({
    ...notice,
    staffId,
    subject: staffId === null ? notice.subject : `${notice.subject}:staff:${staffId}`,
    nextAttemptAt: now.toISOString(),
    createdAt: now.toISOString(),
  }));
  await trx
    .insertInto('billingNotices')
    .values(copies)
    .onConflict((conflict) => conflict.column('subject').doNothing())
    .execute();
}

/** Where an engineer's copy goes now: nowhere once they are off the project or the staff, chose not to, or read the studio's address. */
async function staffCopyAddress(deps: BillingEmailDeps, staffId: number, projectId: number, inbox: string): Promise<string | null> {
  const address = await deps.staffAddress?.(staffId, 'payments');
  if (!address || address.trim().toLowerCase() === inbox.trim().toLowerCase()) return null;
  return (await deps.projects.engineerIds(deps.db, projectId)).includes(staffId) ? address : null;
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
    const to = row.staffId === null ? studio.email : await staffCopyAddress(deps, row.staffId, invoice.projectId, studio.email);
    if (to) await deps.mailer.send(compose(row.kind, wording, to, `${deps.publicUrl}/manage/projects/${invoice.projectId}`));
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
