import type { Transaction } from 'kysely';
import { isUnpaid } from '#common/billing/invoices.ts';
import type { PaymentKindName } from '#common/billing/invoices.ts';
import type { BillingNoticeKind, Database, Invoice, InvoiceState, PaymentMethod } from '#server/db/schema.ts';
import type { BillingProjects } from './billing-projects.ts';
import { queueBillingEmails } from './billing-emails.ts';
import { amountHeldBeforeDelivery } from './plan-reads.ts';
import { queueStudioNotice } from './studio-notices.ts';

/*
 * Applying money to an invoice: a payment (positive), a refund or a dispute's withdrawal (negative),
 * a won dispute's return (positive), one row each, and the invoice's figure for that kind and its
 * state moved in the same transaction, with the studio's notice (decision 104). Each figure moves
 * by arithmetic in the UPDATE itself, so a webhook and the owner's record arriving at once both
 * count (PostgreSQL holds the row until the first commits; SQLite has one writer). Only payments
 * count towards what is paid: a refund is money given back, never money owed again.
 */

export interface AppliedMoney {
  kind: PaymentKindName;
  /** The studio's notice when it is not the kind's own (a dispute that arrives already lost). */
  notice?: BillingNoticeKind;
  /** Signed: positive for a payment and a won dispute, negative for a refund and a dispute's withdrawal. */
  amountCents: number;
  method: PaymentMethod;
  reference: string | null;
  /** `YYYY-MM-DD` */
  paidOn: string;
  /** The Stripe object it came from; a second row for the same object is refused by the unique index. */
  stripeObjectId?: string | null;
  recordedBy: string;
}

/** The state of a sent invoice once `paidCents` was received and `refundedCents` of it given back. */
export function stateAfterMoney(totalCents: number, paidCents: number, refundedCents: number): InvoiceState {
  if (paidCents > 0 && refundedCents >= paidCents) return 'refunded';
  if (paidCents >= totalCents) return 'paid';
  return paidCents > 0 ? 'partly_paid' : 'sent';
}

const NOTICE_OF = { payment: 'payment', refund: 'refund', dispute: 'dispute_opened', dispute_won: 'dispute_won' } as const;

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
  const { kind, amountCents } = money;
  const raised = await trx
    .updateTable('invoices')
    .set((eb) => ({
      ...(kind === 'payment' ? { paidCents: eb('paidCents', '+', amountCents) } : {}),
      ...(kind === 'refund' ? { refundedCents: eb('refundedCents', '-', amountCents) } : {}),
      ...(kind === 'dispute' || kind === 'dispute_won' ? { disputedCents: eb('disputedCents', '-', amountCents) } : {}),
      updatedAt: now.toISOString(),
    }))
    .where('id', '=', invoiceId)
    .where('state', '!=', 'draft')
    .returningAll()
    .executeTakeFirst();
  if (!raised) return null;
  const row = await trx
    .insertInto('payments')
    .values({
      invoiceId,
      kind,
      amountCents,
      method: money.method,
      reference: money.reference,
      paidOn: money.paidOn,
      stripeObjectId: money.stripeObjectId ?? null,
      recordedBy: money.recordedBy,
      createdAt: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await queueStudioNotice(
    trx,
    projects,
    { invoiceId, kind: money.notice ?? NOTICE_OF[kind], subject: `payment:${row.id}`, amountCents: Math.abs(amountCents) },
    now,
  );
  if (raised.state === 'void') return raised;
  const state = stateAfterMoney(raised.totalCents, raised.paidCents, raised.refundedCents);
  const settled = await trx
    .updateTable('invoices')
    // A refunded invoice keeps the day it was paid; one that owes again (never by a refund) has none.
    .set({ state, paidAt: isUnpaid(state) ? null : (raised.paidAt ?? (state === 'paid' ? now.toISOString() : null)) })
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
