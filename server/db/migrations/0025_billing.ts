import type { Kysely } from 'kysely';
import { timestampColumn, timestampType, withId } from './column-types.ts';

// Getting paid before delivery (issue 30; docs/decisions/093-invoices-in-integer-cents.md):
// - `invoices`: a project's invoice. Amounts are integer cents; its number is unique and never
//   reused. A sent invoice is never edited: it is voided and reissued (`replaces_invoice_id`).
// - `invoice_lines`: its lines, in order.
// - `invoice_counters`: the last number given per prefix and year. Taking a number is one atomic
//   UPDATE ... RETURNING, so two saves at once (on any instance) never get the same one.
// - `payments`: money received (positive) and refunded (negative), by card or recorded by the owner.
// - `stripe_events`: each webhook event applied, by its id: a replayed delivery changes nothing.
// - `billing_emails`: every e-mail about an invoice (sent, receipt, overdue reminders, files ready),
//   sent at least once like the project e-mails, and at most one row per invoice and kind.
// - `projects.delivery_locked`: while a sent invoice has a balance, the masters cannot be downloaded.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('invoices'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('restrict'))
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('draft'))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('subtotal_cents', 'bigint', (col) => col.notNull())
    .addColumn('discount_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('tax_basis_points', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('tax_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('total_cents', 'bigint', (col) => col.notNull())
    .addColumn('paid_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('due_date', 'text')
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('replaces_invoice_id', 'integer', (col) => col.references('invoices.id').onDelete('restrict'))
    .addColumn('sent_at', timestampType(db))
    .addColumn('paid_at', timestampType(db))
    .addColumn('voided_at', timestampType(db))
    .addColumn('void_reason', 'text')
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('invoices_project_idx').on('invoices').columns(['project_id', 'state']).execute();

  await withId(db, db.schema.createTable('invoice_lines'))
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('invoice_lines_position', ['invoice_id', 'position'])
    .execute();

  await db.schema
    .createTable('invoice_counters')
    .addColumn('series', 'text', (col) => col.primaryKey())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('payments'))
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('restrict'))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('reference', 'text')
    .addColumn('paid_on', 'text', (col) => col.notNull())
    .addColumn('stripe_object_id', 'text', (col) => col.unique())
    .addColumn('recorded_by', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('payments_invoice_idx').on('payments').column('invoice_id').execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('received_at', timestampType(db), timestampColumn(db))
    .execute();

  await withId(db, db.schema.createTable('billing_emails'))
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestampType(db), (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .addUniqueConstraint('billing_emails_once', ['invoice_id', 'kind'])
    .execute();
  await db.schema.createIndex('billing_emails_due_idx').on('billing_emails').columns(['sent_at', 'next_attempt_at']).execute();

  await db.schema
    .alterTable('projects')
    .addColumn('delivery_locked', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('delivery_locked').execute();
  await db.schema.dropTable('billing_emails').execute();
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('invoice_counters').execute();
  await db.schema.dropTable('invoice_lines').execute();
  await db.schema.dropTable('invoices').execute();
}
