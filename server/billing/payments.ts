import type { Transaction } from 'kysely';
import type { Database, Invoice, InvoiceState, PaymentMethod } from '#server/db/schema.ts';
import type { BillingProjects } from './billing-projects.ts';
import { queueBillingEmails } from './billing-emails.ts';
import { amountHeldBeforeDelivery } from './plan-reads.ts';

/*
 * Applying money to an invoice: a payment (positive) or a refund or lost dispute (negative), one row
 * each, and the invoice's paid amount and state moved in the same transaction. The paid amount is
 * raised by arithmetic in the UPDATE itself, so a webhook and the owner's record arriving at once
 * both count (PostgreSQL holds the row until the first commits; SQLite has one writer).
 */

export interface AppliedMoney {
  amountCents: number;
  method: PaymentMethod;
  reference: string | null;
  /** `YYYY-MM-DD` */
  paidOn: string;
  /** The Stripe object it came from; a second row for the same object is refused by the unique index. */
  stripeObjectId?: string | null;
  recordedBy: string;
}

/** The state an invoice that was sent is in once `paidCents` of its total is paid. */
export function stateAfterPayments(totalCents: number, paidCents: number): InvoiceState {
  if (paidCents >= totalCents) return 'paid';
  return paidCents > 0 ? 'partly_paid' : 'sent';
}

/**
 * Records money against a sent invoice and moves its state; null for a draft. Money that reaches a
 * voided invoice (a card paid just as the owner voided it) is still recorded, and the invoice stays
 * void: the owner sees it and refunds or moves it.
 */
export async function applyMoney(
  trx: Transaction<Database>,
  projects: BillingProjects,
  invoiceId: number,
  money: AppliedMoney,
  now: Date,
): Promise<Invoice | null> {
  const raised = await trx
    .updateTable('invoices')
    .set((eb) => ({ paidCents: eb('paidCents', '+', money.amountCents), updatedAt: now.toISOString() }))
    .where('id', '=', invoiceId)
    .where('state', '!=', 'draft')
    .returningAll()
    .executeTakeFirst();
  if (!raised) return null;
  await trx
    .insertInto('payments')
    .values({
      invoiceId,
      amountCents: money.amountCents,
      method: money.method,
      reference: money.reference,
      paidOn: money.paidOn,
      stripeObjectId: money.stripeObjectId ?? null,
      recordedBy: money.recordedBy,
      createdAt: now.toISOString(),
    })
    .execute();
  if (raised.state === 'void') return raised;
  const state = stateAfterPayments(raised.totalCents, raised.paidCents);
  const settled = await trx
    .updateTable('invoices')
    .set({ state, paidAt: state === 'paid' ? (raised.paidAt ?? now.toISOString()) : null })
    .where('id', '=', invoiceId)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (state === 'paid' && raised.state !== 'paid') {
    await queueBillingEmails(trx, settled, 'paid', now);
    if (await deliveriesJustOpened(trx, projects, settled.projectId)) await queueBillingEmails(trx, settled, 'unlocked', now);
  }
  return settled;
}

/** The deliveries waited for this payment: the lock is on, there are deliveries, and nothing held back is owed now (plan-reads.ts). */
async function deliveriesJustOpened(trx: Transaction<Database>, projects: BillingProjects, projectId: number): Promise<boolean> {
  if ((await projects.find(trx, projectId))?.deliveryLocked !== true) return false;
  if ((await amountHeldBeforeDelivery(trx, projectId)) > 0) return false;
  return projects.hasDeliveries(trx, projectId);
}
