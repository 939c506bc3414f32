import type { Kysely, Transaction } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { isUnpaid } from '#common/billing/invoices.ts';
import { formatMoney } from '#common/billing/money.ts';
import type { MailingServices } from '#server/core-services.ts';
import type { BillingEmailKind, Database, Invoice } from '#server/db/schema.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { claimForSending, deliverDue, markFailed, markSent, type DeliveryResult } from '#server/email/retried-mail.ts';
import type { BillingProjects } from './billing-projects.ts';
import { amountHeldBeforeDelivery } from './plan-reads.ts';

/*
 * Every e-mail about an invoice is a row first, committed with the change it tells of, and sent at
 * least once (server/email/retried-mail.ts); one row per invoice and kind, so it is never sent
 * twice. The reminders wait in the table for their day (before the due date, on it, a week after,
 * at 9:00 in the client's zone); one that comes up after the invoice was paid, refunded or voided
 * is dropped. The invoice and the receipt carry its PDF and a single-use sign-in link.
 */

export type BillingEvent = 'sent' | 'paid' | 'unlocked';

/** Reminders go out at 9:00 on their day in the client's time zone (the studio's when theirs is not known). */
const REMINDER_HOUR = 9;
/** The reminder after the due date comes this many days after it. */
const OVERDUE_AFTER_DAYS = 7;

/** When the reminders of a sent invoice go out: `daysBefore` its due date, on it, and a week after. */
export interface ReminderPlan {
  timeZone: string;
  daysBefore: number;
}

/** 9:00 on the day `offsetDays` from `dueDate`, in `timeZone`, as epoch milliseconds (daylight saving by Temporal). */
export function reminderAt(dueDate: string, offsetDays: number, timeZone: string): number {
  const day = Temporal.PlainDate.from(dueDate).add({ days: offsetDays });
  return day.toZonedDateTime({ timeZone, plainTime: new Temporal.PlainTime(REMINDER_HOUR) }).epochMilliseconds;
}

const REMINDERS = (plan: ReminderPlan): Array<{ kind: BillingEmailKind; offsetDays: number }> => [
  ...(plan.daysBefore > 0 ? [{ kind: 'reminder_before' as const, offsetDays: -plan.daysBefore }] : []),
  { kind: 'overdue_due', offsetDays: 0 },
  { kind: 'overdue_week', offsetDays: OVERDUE_AFTER_DAYS },
];

/**
 * Queues what a change of an invoice tells the client, in the change's own transaction. A sent
 * invoice's reminders are rows from the start, each once (the unique index); one whose time has
 * passed by the sending is not sent late (the invoice e-mail itself says what is due).
 */
export async function queueBillingEmails(
  trx: Transaction<Database> | Kysely<Database>,
  invoice: Invoice,
  event: BillingEvent,
  now: Date,
  reminders?: ReminderPlan,
): Promise<void> {
  const rows: Array<{ kind: BillingEmailKind; at: number }> = [];
  if (event === 'sent') {
    rows.push({ kind: 'invoice_sent', at: now.getTime() });
    const { dueDate } = invoice;
    if (dueDate && reminders)
      for (const reminder of REMINDERS(reminders)) {
        const at = reminderAt(dueDate, reminder.offsetDays, reminders.timeZone);
        // The day after is always worth telling; one before or on the day that already passed is not.
        if (at > now.getTime() || reminder.kind === 'overdue_week') rows.push({ kind: reminder.kind, at: Math.max(now.getTime(), at) });
      }
  }
  if (event === 'paid') rows.push({ kind: 'receipt', at: now.getTime() });
  if (event === 'unlocked') rows.push({ kind: 'files_ready', at: now.getTime() });
  if (rows.length === 0) return;
  await trx
    .insertInto('billingEmails')
    .values(
      rows.map((row) => ({
        invoiceId: invoice.id,
        kind: row.kind,
        nextAttemptAt: new Date(row.at).toISOString(),
        createdAt: now.toISOString(),
      })),
    )
    .onConflict((conflict) => conflict.columns(['invoiceId', 'kind']).doNothing())
    .execute();
}

export interface BillingEmailDeps extends MailingServices {
  publicUrl: string;
  /** The invoice's project: its client, title and delivery lock (billing-projects.ts). */
  projects: BillingProjects;
  /** The invoice as a PDF, attached to the invoice and the receipt. */
  pdf: (invoice: Invoice) => Promise<Buffer>;
  /** Where an engineer's copy of a money notice goes now, or null (auth answers: decision 121). */
  staffAddress?: (adminUserId: number, kind: 'payments') => Promise<string | null>;
}

interface Wording {
  invoice: Invoice;
  client: { name: string; email: string };
  projectTitle: string;
  studio: { name: string; email: string };
  portalUrl: string;
  /** A single-use sign-in link to the project (the portal's own), or null when the client has no access. */
  signInUrl: string | null;
}

const due = (w: Wording) => formatMoney(Math.max(0, w.invoice.totalCents - w.invoice.paidCents), w.invoice.currency);
const total = (w: Wording) => formatMoney(w.invoice.totalCents, w.invoice.currency);
const dueDateWords = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const dueWords = (w: Wording) => (w.invoice.dueDate ? `, due ${dueDateWords(w.invoice.dueDate)}` : '');

function clientMessage(w: Wording, subject: string, body: string[]): MailMessage {
  const link = w.signInUrl
    ? [`Sign in to your project (the link works once, for a few days): ${w.signInUrl}`]
    : [`Your project: ${w.portalUrl}`];
  const lines = [`Hi ${w.client.name},`, '', ...body, '', ...link, '', w.studio.name];
  return { to: w.client.email, subject, text: lines.join('\n'), replyTo: w.studio.email };
}

const COMPOSE: Record<BillingEmailKind, (w: Wording) => MailMessage> = {
  invoice_sent: (w) =>
    clientMessage(w, `Invoice ${w.invoice.number} from ${w.studio.name}: ${total(w)}`, [
      `Here is invoice ${w.invoice.number} for ${w.projectTitle}: ${total(w)}${dueWords(w)}.`,
      'The invoice is attached as a PDF; you can also see it and pay it on your project page.',
    ]),
  receipt: (w) =>
    clientMessage(w, `Paid: invoice ${w.invoice.number} from ${w.studio.name}`, [
      `Thank you: invoice ${w.invoice.number} for ${w.projectTitle} is paid in full (${total(w)}).`,
      'Your receipt is the paid invoice, attached as a PDF and on your project page.',
    ]),
  reminder_before: (w) =>
    clientMessage(w, `Coming up: invoice ${w.invoice.number} (${due(w)})${dueWords(w)}`, [
      `A friendly reminder that invoice ${w.invoice.number} for ${w.projectTitle} is due soon${dueWords(w)}: ${due(w)} remains to pay.`,
      'If you have paid in the meantime, thank you, and please ignore this e-mail.',
    ]),
  overdue_due: (w) =>
    clientMessage(w, `Due today: invoice ${w.invoice.number} (${due(w)})`, [
      `A reminder that invoice ${w.invoice.number} for ${w.projectTitle} is due today: ${due(w)} remains to pay.`,
      'If you have paid in the meantime, thank you, and please ignore this e-mail.',
    ]),
  overdue_week: (w) =>
    clientMessage(w, `Overdue: invoice ${w.invoice.number} (${due(w)})`, [
      `Invoice ${w.invoice.number} for ${w.projectTitle} was due a week ago: ${due(w)} remains to pay.`,
      'If something is holding it up, just reply to this e-mail.',
    ]),
  files_ready: (w) =>
    clientMessage(w, `Your files are ready: ${w.projectTitle}`, [
      `Thank you for your payment. The delivered files of ${w.projectTitle} can now be downloaded from your project page.`,
    ]),
};

/** Whether an e-mail still says something true when it comes up. */
function stillTrue(kind: BillingEmailKind, invoice: Invoice, projectLocked: boolean): boolean {
  switch (kind) {
    case 'reminder_before':
    case 'overdue_due':
    case 'overdue_week':
      return isUnpaid(invoice.state);
    case 'receipt':
      return invoice.state === 'paid';
    case 'files_ready':
      return !projectLocked;
    default:
      return invoice.state !== 'void' && invoice.state !== 'draft';
  }
}

export async function deliverBillingEmail(deps: BillingEmailDeps, emailId: number, now = new Date()): Promise<DeliveryResult> {
  const { db, logger, mailer } = deps;
  if (!(await claimForSending(db, 'billingEmails', emailId, now))) return 'skipped';
  const row = await db.selectFrom('billingEmails').select(['kind', 'attempts', 'invoiceId']).where('id', '=', emailId).executeTakeFirst();
  const invoice = row && (await db.selectFrom('invoices').selectAll().where('id', '=', row.invoiceId).executeTakeFirst());
  const project = invoice && (await deps.projects.find(db, invoice.projectId));
  if (!row || !invoice || !project) return 'skipped';
  const held = await amountHeldBeforeDelivery(db, invoice.projectId);
  if (!stillTrue(row.kind, invoice, project.deliveryLocked && held > 0)) {
    await markSent(db, 'billingEmails', emailId, now);
    logger.info({ emailId, kind: row.kind, invoiceId: invoice.id }, 'billing e-mail no longer true; not sent');
    return 'skipped';
  }
  try {
    const studio = await deps.studioIdentity();
    const signInToken = await deps.projects.signInToken(db, invoice.projectId);
    const message = COMPOSE[row.kind]({
      invoice,
      client: { name: project.clientName, email: project.clientEmail },
      projectTitle: project.title,
      studio: { name: studio.name, email: studio.email },
      portalUrl: `${deps.publicUrl}/portal/projects/${invoice.projectId}`,
      signInUrl: signInToken ? `${deps.publicUrl}/portal/auth?token=${encodeURIComponent(signInToken)}&project=${invoice.projectId}` : null,
    });
    const attached = row.kind === 'invoice_sent' || row.kind === 'receipt';
    const attachments = attached
      ? [{ filename: `${invoice.number}.pdf`, content: await deps.pdf(invoice), contentType: 'application/pdf' }]
      : undefined;
    await mailer.send({ ...message, ...(attachments ? { attachments } : {}) });
  } catch (error) {
    const retryAt = await markFailed(db, 'billingEmails', emailId, error, row.attempts, now);
    logger.warn({ err: error, emailId, kind: row.kind, invoiceId: invoice.id, retryAt }, 'billing e-mail not sent; will retry');
    return 'failed';
  }
  await markSent(db, 'billingEmails', emailId, now);
  return 'sent';
}

export function sendDueBillingEmails(deps: BillingEmailDeps, now = new Date()): Promise<Record<DeliveryResult, number>> {
  return deliverDue(deps.db, 'billingEmails', (id) => deliverBillingEmail(deps, id, now), now);
}
