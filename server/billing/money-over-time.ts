import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/** One step of the insights' money chart (issue 45): its first and last day, inclusive. */
export interface MoneyStep {
  start: string;
  end: string;
}

export interface MoneyPoint {
  start: string;
  /** Invoices sent in the step (void ones left out: a reissue is invoiced again). */
  invoicedCents: number;
  /** Payments received in the step (refunds and disputes are not payments). */
  paidCents: number;
  /** What the invoices sent by the step's last day still owed on it. */
  outstandingCents: number;
}

const dayOf = (at: string | Date) => new Date(at).toISOString().slice(0, 10);

/**
 * Money over time in one currency: invoiced, paid and outstanding per step. Reads the sent invoices
 * and their payments once (a studio's invoices are hundreds, not millions) and sums in memory.
 */
export async function moneyOverTime(db: Kysely<Database>, currency: string, steps: readonly MoneyStep[]): Promise<MoneyPoint[]> {
  const invoices = await db
    .selectFrom('invoices')
    .select(['id', 'sentAt', 'totalCents'])
    .where('currency', '=', currency)
    .where('sentAt', 'is not', null)
    .where('voidedAt', 'is', null)
    .execute();
  const payments = invoices.length
    ? await db
        .selectFrom('payments')
        .select(['invoiceId', 'paidOn', 'amountCents'])
        .where('kind', '=', 'payment')
        .where(
          'invoiceId',
          'in',
          invoices.map((invoice) => invoice.id),
        )
        .execute()
    : [];
  const sent = invoices.map((invoice) => ({ id: invoice.id, day: dayOf(invoice.sentAt!), totalCents: invoice.totalCents }));
  return steps.map(({ start, end }) => {
    const paidBy = new Map<number, number>();
    let paidCents = 0;
    for (const payment of payments) {
      if (payment.paidOn > end) continue;
      paidBy.set(payment.invoiceId, (paidBy.get(payment.invoiceId) ?? 0) + payment.amountCents);
      if (payment.paidOn >= start) paidCents += payment.amountCents;
    }
    let invoicedCents = 0;
    let outstandingCents = 0;
    for (const invoice of sent) {
      if (invoice.day > end) continue;
      if (invoice.day >= start) invoicedCents += invoice.totalCents;
      outstandingCents += Math.max(0, invoice.totalCents - (paidBy.get(invoice.id) ?? 0));
    }
    return { start, invoicedCents, paidCents, outstandingCents };
  });
}
