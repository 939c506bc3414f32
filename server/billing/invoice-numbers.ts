import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/*
 * Invoice numbers: `{prefix}-{year}-{0001}`, one series per prefix and year, sequential, and never
 * given twice. Taking one is a single upsert that increments the series' counter and returns it, so
 * it holds with two saves at once on one instance or on several (PostgreSQL locks the counter's row
 * until the transaction ends; SQLite has one writer). A number taken by a transaction that then
 * fails is not given again: a gap, never a duplicate, as accountants prefer to a reused number.
 */

export function invoiceNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(4, '0')}`;
}

export async function takeInvoiceNumber(db: Kysely<Database> | Transaction<Database>, prefix: string, year: number): Promise<string> {
  const series = `${prefix}-${year}`;
  const row = await db
    .insertInto('invoiceCounters')
    .values({ series, lastNumber: 1 })
    .onConflict((conflict) => conflict.column('series').doUpdateSet((eb) => ({ lastNumber: eb('invoiceCounters.lastNumber', '+', 1) })))
    .returning('lastNumber')
    .executeTakeFirstOrThrow();
  return invoiceNumber(prefix, year, row.lastNumber);
}
