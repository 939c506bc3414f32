import type { Kysely } from 'kysely';
import { timestampColumn, timestampType } from './column-types.ts';

// Card money only as the server asked for it (the security round after issue 30):
// - `stripe_checkouts`: each Checkout Session the server made, with the invoice, amount and currency
//   it asked for. A completed session is recorded as money only when it matches its row.
// - `stripe_payment_intents`: each payment intent an event named. Its row is taken (an upsert, a row
//   lock on PostgreSQL) by the payment and by every refund or dispute of it, so they are applied one
//   after the other and a refund never misses the payment committing beside it.
// - `stripe_events.waiting_for` and `payload`: a refund or dispute that came before its payment is
//   kept, with its event, until the payment is recorded; then it is applied and both are cleared.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stripe_checkouts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();

  await db.schema
    .createTable('stripe_payment_intents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('last_event_at', timestampType(db), timestampColumn(db))
    .execute();

  await db.schema.alterTable('stripe_events').addColumn('waiting_for', 'text').execute();
  await db.schema.alterTable('stripe_events').addColumn('payload', 'text').execute();
  await db.schema.createIndex('stripe_events_waiting_idx').on('stripe_events').column('waiting_for').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('stripe_events_waiting_idx').execute();
  await db.schema.alterTable('stripe_events').dropColumn('payload').execute();
  await db.schema.alterTable('stripe_events').dropColumn('waiting_for').execute();
  await db.schema.dropTable('stripe_payment_intents').execute();
  await db.schema.dropTable('stripe_checkouts').execute();
}
