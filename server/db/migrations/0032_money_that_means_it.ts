import { sql, type Kysely } from 'kysely';
import { timestampColumn, timestampType, withId } from './column-types.ts';

// Refunds, disputes and the studio's notices mean what they say (issue 40; decision 104):
// - `invoices.refunded_cents` and `disputed_cents`: money given back and money a card dispute holds,
//   beside `paid_cents`, which now counts what was received only. A refund no longer makes an
//   invoice owe again; all of it refunded is the state `refunded`.
// - `invoices.refund_locks_delivery`: the owner's choice that a refund locks the masters again (default no).
// - `invoices.tax_rate`: thousandths of a percent (8.875 % is 8875), replacing `tax_basis_points`.
// - `payments.kind`: payment, refund, dispute (money a dispute took) or dispute_won (money it gave back).
// - `card_disputes`: each Stripe dispute, open, won or lost, by its id: the once-guard of its money.
// - `billing_notices`: the studio's e-mail about each payment, refund and dispute, sent at least once,
//   one per thing it tells of (`subject`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('invoices')
    .addColumn('refunded_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('disputed_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('refund_locks_delivery', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('tax_rate', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE invoices SET tax_rate = tax_basis_points * 10`.execute(db);
  await db.schema.alterTable('invoices').dropColumn('tax_basis_points').execute();

  await db.schema
    .alterTable('payments')
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('payment'))
    .execute();
  // The rows before this migration told their kind by their reference (card-money.ts wrote them so).
  await sql`UPDATE payments SET kind = 'refund' WHERE amount_cents < 0 AND (reference IS NULL OR reference NOT LIKE 'Disputed (%')`.execute(
    db,
  );
  await sql`UPDATE payments SET kind = 'dispute' WHERE amount_cents < 0 AND reference LIKE 'Disputed (%'`.execute(db);
  await sql`UPDATE payments SET kind = 'dispute_won' WHERE amount_cents > 0 AND reference LIKE 'Dispute won (%'`.execute(db);
  // paid_cents was payments less refunds; now it is what was received, the rest in its own columns.
  const sumOf = (kinds: string) =>
    sql.raw(`(SELECT COALESCE(SUM(amount_cents), 0) FROM payments WHERE payments.invoice_id = invoices.id AND kind IN (${kinds}))`);
  await sql`UPDATE invoices SET paid_cents = ${sumOf("'payment'")}, refunded_cents = -${sumOf("'refund'")},
      disputed_cents = -${sumOf("'dispute', 'dispute_won'")}`.execute(db);
  await sql`UPDATE invoices SET state = CASE
      WHEN paid_cents > 0 AND refunded_cents >= paid_cents THEN 'refunded'
      WHEN paid_cents >= total_cents THEN 'paid'
      WHEN paid_cents > 0 THEN 'partly_paid'
      ELSE 'sent' END
    WHERE state IN ('sent', 'partly_paid', 'paid')`.execute(db);

  await db.schema
    .createTable('card_disputes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('restrict'))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('opened_at', timestampType(db), timestampColumn(db))
    .addColumn('closed_at', timestampType(db))
    .execute();
  await db.schema.createIndex('card_disputes_invoice_idx').on('card_disputes').column('invoice_id').execute();

  await withId(db, db.schema.createTable('billing_notices'))
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull().unique())
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestampType(db), (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('billing_notices_due_idx').on('billing_notices').columns(['sent_at', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('billing_notices').execute();
  await db.schema.dropTable('card_disputes').execute();
  await db.schema.alterTable('payments').dropColumn('kind').execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('tax_basis_points', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE invoices SET tax_basis_points = tax_rate / 10`.execute(db);
  await db.schema.alterTable('invoices').dropColumn('tax_rate').execute();
  await db.schema.alterTable('invoices').dropColumn('refund_locks_delivery').execute();
  await db.schema.alterTable('invoices').dropColumn('disputed_cents').execute();
  await db.schema.alterTable('invoices').dropColumn('refunded_cents').execute();
}
