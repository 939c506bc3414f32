import { addCalendarDays } from '#common/calendar-date.ts';
import type { Kysely } from 'kysely';
import { isUnpaid, UNPAID_INVOICE_STATES, type InvoiceView } from '#common/billing/invoices.ts';
import { taxRateToPercent } from '#common/billing/money.ts';
import type { Database, Invoice } from '#server/db/schema.ts';
import type { BillingProjects } from './billing-projects.ts';
import { amountHeldBeforeDelivery } from './plan-reads.ts';

/*
 * Reading invoices: as the API answers them, the Money view's figures, and what a project still
 * owes. A list of invoices costs three queries whatever its length (lines, payments, replacements
 * for all of them at once), not three per invoice.
 */

/** What a sent invoice still owes; nothing for drafts and void ones. */
const owedBy = (invoice: Pick<Invoice, 'state' | 'totalCents' | 'paidCents'>) =>
  isUnpaid(invoice.state) ? Math.max(0, invoice.totalCents - invoice.paidCents) : 0;

export async function invoiceViews(db: Kysely<Database>, invoices: readonly Invoice[]): Promise<InvoiceView[]> {
  if (invoices.length === 0) return [];
  const ids = invoices.map((invoice) => invoice.id);
  const [lines, payments, replacements, disputes] = await Promise.all([
    db
      .selectFrom('invoiceLines')
      .select(['invoiceId', 'description', 'amountCents'])
      .where('invoiceId', 'in', ids)
      .orderBy('invoiceId')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('payments')
      .select(['invoiceId', 'id', 'kind', 'amountCents', 'method', 'reference', 'paidOn', 'recordedBy'])
      .where('invoiceId', 'in', ids)
      .orderBy('id')
      .execute(),
    db.selectFrom('invoices').select(['id', 'replacesInvoiceId']).where('replacesInvoiceId', 'in', ids).execute(),
    db
      .selectFrom('cardDisputes')
      .select(['invoiceId', 'id', 'amountCents', 'state', 'openedAt', 'closedAt'])
      .where('invoiceId', 'in', ids)
      .orderBy('openedAt')
      .execute(),
  ]);
  return invoices.map((invoice) => ({
    id: invoice.id,
    projectId: invoice.projectId,
    number: invoice.number,
    kind: invoice.kind,
    state: invoice.state,
    currency: invoice.currency,
    lines: lines.filter((line) => line.invoiceId === invoice.id).map(({ description, amountCents }) => ({ description, amountCents })),
    subtotalCents: invoice.subtotalCents,
    discountCents: invoice.discountCents,
    taxPercent: taxRateToPercent(invoice.taxRate),
    taxCents: invoice.taxCents,
    totalCents: invoice.totalCents,
    paidCents: invoice.paidCents,
    refundedCents: invoice.refundedCents,
    disputedCents: invoice.disputedCents,
    refundLocksDelivery: Boolean(invoice.refundLocksDelivery),
    amountDueCents: owedBy(invoice),
    disputes: disputes
      .filter((dispute) => dispute.invoiceId === invoice.id)
      .map(({ invoiceId: _invoiceId, openedAt, ...dispute }) => ({ ...dispute, openedAt: String(openedAt) })),
    dueDate: invoice.dueDate,
    notes: invoice.notes,
    replacesInvoiceId: invoice.replacesInvoiceId,
    replacedByInvoiceId: replacements.find((replacement) => replacement.replacesInvoiceId === invoice.id)?.id ?? null,
    sentAt: invoice.sentAt,
    paidAt: invoice.paidAt,
    voidedAt: invoice.voidedAt,
    voidReason: invoice.voidReason,
    createdAt: String(invoice.createdAt),
    payments: payments.filter((payment) => payment.invoiceId === invoice.id).map(({ invoiceId: _invoiceId, ...payment }) => payment),
  }));
}

/** What the Money view lists: a state, `overdue` (sent ones owing past their due date) or `disputed` (any card dispute). */
export type InvoiceListFilter = InvoiceView['state'] | 'overdue' | 'disputed';

/** Every invoice, newest first (at most 1,000), or those of one filter. */
export async function listInvoices(db: Kysely<Database>, state: InvoiceListFilter | undefined, today: string) {
  let query = db.selectFrom('invoices').selectAll();
  if (state === 'overdue') query = query.where('state', 'in', UNPAID_INVOICE_STATES).where('dueDate', '<', today);
  else if (state === 'disputed') query = query.where('id', 'in', db.selectFrom('cardDisputes').select('invoiceId'));
  else if (state) query = query.where('state', '=', state);
  return invoiceViews(db, await query.orderBy('id', 'desc').limit(1000).execute());
}

export async function invoicesOfProject(db: Kysely<Database>, projectId: number): Promise<InvoiceView[]> {
  return invoiceViews(db, await db.selectFrom('invoices').selectAll().where('projectId', '=', projectId).orderBy('id').execute());
}

/**
 * The Money view's figures: what sent invoices owe and the part of it past due (refunded and paid
 * ones owe nothing), what came in and went back this month, and what card disputes hold, open and lost.
 */
export async function moneySummary(db: Kysely<Database>, today: string) {
  const owing = await db
    .selectFrom('invoices')
    .select(['state', 'totalCents', 'paidCents', 'dueDate'])
    .where('state', 'in', UNPAID_INVOICE_STATES)
    .execute();
  const moved = await db
    .selectFrom('payments')
    .select(['kind', 'amountCents'])
    .where('paidOn', '>=', `${today.slice(0, 7)}-01`)
    .where('kind', 'in', ['payment', 'refund'])
    .execute();
  const disputes = await db.selectFrom('cardDisputes').select(['state', 'amountCents']).where('state', 'in', ['open', 'lost']).execute();
  const sum = (rows: Array<{ amountCents: number }>) => rows.reduce((total, row) => total + Math.abs(row.amountCents), 0);
  return {
    outstandingCents: owing.reduce((total, row) => total + owedBy(row), 0),
    overdueCents: owing.filter((row) => row.dueDate !== null && row.dueDate < today).reduce((total, row) => total + owedBy(row), 0),
    // Falling due in the coming week, today included: what the studio can expect to be paid soon.
    dueThisWeekCents: owing
      .filter((row) => row.dueDate !== null && row.dueDate >= today && row.dueDate <= addCalendarDays(today, 7))
      .reduce((total, row) => total + owedBy(row), 0),
    paidThisMonthCents: sum(moved.filter((row) => row.kind === 'payment')),
    refundedThisMonthCents: sum(moved.filter((row) => row.kind === 'refund')),
    openDisputes: {
      count: disputes.filter((row) => row.state === 'open').length,
      cents: sum(disputes.filter((row) => row.state === 'open')),
    },
    lostDisputesCents: sum(disputes.filter((row) => row.state === 'lost')),
  };
}

/**
 * What keeps a project's masters locked besides what is owed before delivery (decision 104): card
 * disputes open or lost (a won one holds nothing), and refunds the owner chose should lock them
 * again. The delivery lock adds these to the amount held; `amountHeldCents` is what the 402 names.
 */
export async function moneyHeldBack(
  db: Kysely<Database>,
  projectId: number,
): Promise<{ disputed: boolean; refundLocked: boolean; amountHeldCents: number }> {
  const disputes = await db
    .selectFrom('cardDisputes')
    .innerJoin('invoices', 'invoices.id', 'cardDisputes.invoiceId')
    .select(['cardDisputes.amountCents'])
    .where('invoices.projectId', '=', projectId)
    .where('cardDisputes.state', 'in', ['open', 'lost'])
    .execute();
  const refunds = await db
    .selectFrom('invoices')
    .select(['refundedCents'])
    .where('projectId', '=', projectId)
    .where('refundLocksDelivery', '=', 1)
    .where('refundedCents', '>', 0)
    .execute();
  const disputedCents = disputes.reduce((total, row) => total + row.amountCents, 0);
  const refundedCents = refunds.reduce((total, row) => total + row.refundedCents, 0);
  return { disputed: disputes.length > 0, refundLocked: refunds.length > 0, amountHeldCents: disputedCents + refundedCents };
}

/**
 * Whether the project's deliveries are locked now: its lock is on and something due before delivery
 * is unpaid: a part of its payment plan (invoiced or not, drafted, sent or partly paid), or another
 * sent invoice's balance (plan-reads.ts, decision 103), or money is held back (an open or lost
 * dispute, a refund the owner chose to lock on: `moneyHeldBack`, decision 104).
 */
export async function deliveryLockOf(
  db: Kysely<Database>,
  projects: BillingProjects,
  projectId: number,
): Promise<{ locked: boolean; amountDueCents: number }> {
  const project = await projects.find(db, projectId);
  if (!project) return { locked: false, amountDueCents: 0 };
  const held = await moneyHeldBack(db, projectId);
  const amountDueCents = (await amountHeldBeforeDelivery(db, projectId)) + held.amountHeldCents;
  return { locked: project.deliveryLocked && amountDueCents > 0, amountDueCents };
}
