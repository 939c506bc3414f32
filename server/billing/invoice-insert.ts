import type { Kysely } from 'kysely';
import type { CreateInvoiceInput } from '#common/billing/invoices.ts';
import { invoiceAmounts, percentToTaxRate } from '#common/billing/money.ts';
import type { Database, Invoice } from '#server/db/schema.ts';
import { takeInvoiceNumber } from './invoice-numbers.ts';

/** What the studio's invoices share: its number prefix and currency (from the site content). */
export interface InvoiceDefaults {
  prefix: string;
  currency: string;
  /** A new invoice without a due date is due this many days after it is made. */
  paymentTermsDays: number;
  /** The first reminder comes this many days before the due date (0: none before it). */
  reminderDaysBefore: number;
  /** The client's time zone for the reminders: theirs on record, else the studio's. */
  timeZoneOf: (clientEmail: string) => Promise<string>;
}

export const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

/**
 * A new draft with its number and lines, in the caller's transaction: the owner's invoice
 * (invoices.ts) and a plan's part invoiced (payment-plans.ts) are made the same way.
 */
export async function insertInvoice(
  trx: Kysely<Database>,
  projectId: number,
  input: CreateInvoiceInput,
  defaults: InvoiceDefaults,
  now: Date,
  replacesInvoiceId: number | null = null,
): Promise<Invoice> {
  const lineCents = input.lines.map((line) => line.amountCents);
  const amounts = invoiceAmounts(lineCents, input.discountCents, percentToTaxRate(input.taxPercent) ?? 0);
  const dueDate = input.dueDate === undefined ? todayUtc(new Date(now.getTime() + defaults.paymentTermsDays * 86_400_000)) : input.dueDate;
  const number = await takeInvoiceNumber(trx, defaults.prefix, now.getUTCFullYear());
  const created = await trx
    .insertInto('invoices')
    .values({
      projectId,
      number,
      kind: input.kind,
      currency: defaults.currency,
      ...amounts,
      dueDate,
      notes: input.notes,
      replacesInvoiceId,
      sentAt: null,
      paidAt: null,
      voidedAt: null,
      voidReason: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('invoiceLines')
    .values(input.lines.map((line, position) => ({ invoiceId: created.id, position, ...line })))
    .execute();
  return created;
}
