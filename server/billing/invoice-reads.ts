import type { Kysely } from 'kysely';
import { isUnpaid, UNPAID_INVOICE_STATES, type InvoiceView } from '#common/billing/invoices.ts';
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
  const [lines, payments, replacements] = await Promise.all([
    db
      .selectFrom('invoiceLines')
      .select(['invoiceId', 'description', 'amountCents'])
      .where('invoiceId', 'in', ids)
      .orderBy('invoiceId')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('payments')
      .select(['invoiceId', 'id', 'amountCents', 'method', 'reference', 'paidOn', 'recordedBy'])
      .where('invoiceId', 'in', ids)
      .orderBy('id')
      .execute(),
    db.selectFrom('invoices').select(['id', 'replacesInvoiceId']).where('replacesInvoiceId', 'in', ids).execute(),
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
    taxPercent: invoice.taxBasisPoints / 100,
    taxCents: invoice.taxCents,
    totalCents: invoice.totalCents,
    paidCents: invoice.paidCents,
    amountDueCents: owedBy(invoice),
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

/** Every invoice, newest first (at most 1,000); `overdue`: sent ones still owing past their due date. */
export async function listInvoices(db: Kysely<Database>, state: InvoiceView['state'] | 'overdue' | undefined, today: string) {
  let query = db.selectFrom('invoices').selectAll();
  if (state === 'overdue') query = query.where('state', 'in', UNPAID_INVOICE_STATES).where('dueDate', '<', today);
  else if (state) query = query.where('state', '=', state);
  return invoiceViews(db, await query.orderBy('id', 'desc').limit(1000).execute());
}

export async function invoicesOfProject(db: Kysely<Database>, projectId: number): Promise<InvoiceView[]> {
  return invoiceViews(db, await db.selectFrom('invoices').selectAll().where('projectId', '=', projectId).orderBy('id').execute());
}

/** The Money view's figures: what sent invoices owe, the part of it past due, and what came in this month. */
export async function moneySummary(db: Kysely<Database>, today: string) {
  const owing = await db
    .selectFrom('invoices')
    .select(['state', 'totalCents', 'paidCents', 'dueDate'])
    .where('state', 'in', UNPAID_INVOICE_STATES)
    .execute();
  const paid = await db
    .selectFrom('payments')
    .select('amountCents')
    .where('paidOn', '>=', `${today.slice(0, 7)}-01`)
    .execute();
  return {
    outstandingCents: owing.reduce((sum, row) => sum + owedBy(row), 0),
    overdueCents: owing.filter((row) => row.dueDate !== null && row.dueDate < today).reduce((sum, row) => sum + owedBy(row), 0),
    paidThisMonthCents: paid.reduce((sum, row) => sum + row.amountCents, 0),
  };
}

/**
 * Whether the project's deliveries are locked now: its lock is on and something due before delivery
 * is unpaid: a part of its payment plan (invoiced or not, drafted, sent or partly paid), or another
 * sent invoice's balance (plan-reads.ts, decision 103).
 */
export async function deliveryLockOf(
  db: Kysely<Database>,
  projects: BillingProjects,
  projectId: number,
): Promise<{ locked: boolean; amountDueCents: number }> {
  const project = await projects.find(db, projectId);
  if (!project) return { locked: false, amountDueCents: 0 };
  const amountDueCents = await amountHeldBeforeDelivery(db, projectId);
  return { locked: project.deliveryLocked && amountDueCents > 0, amountDueCents };
}
