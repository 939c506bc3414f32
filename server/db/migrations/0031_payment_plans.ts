import type { Kysely } from 'kysely';
import { timestampColumn, timestampType, withId } from './column-types.ts';

// A project's payment plan, the truth the delivery lock reads (issue 40; docs/decisions/103-payment-plans.md):
// - `payment_plans`: one per project: the deposit's share, whether uploads wait for the deposit,
//   and when the plan started (its first invoices were made then).
// - `payment_plan_parts`: its parts (a deposit and the balance, or one payment in full), each with
//   its amount in integer cents, its due rule and the invoice made for it once it is invoiced.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_plans')
    .addColumn('project_id', 'integer', (col) => col.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('deposit_percent', 'integer', (col) => col.notNull())
    .addColumn('deposit_gates_uploads', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('started_at', timestampType(db), timestampColumn(db))
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .execute();

  await withId(db, db.schema.createTable('payment_plan_parts'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('payment_plans.project_id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('due_rule', 'text', (col) => col.notNull())
    .addColumn('due_on', 'text')
    .addColumn('due_days', 'integer')
    .addColumn('invoice_id', 'integer', (col) => col.references('invoices.id').onDelete('set null'))
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .addUniqueConstraint('payment_plan_parts_kind', ['project_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_plan_parts').execute();
  await db.schema.dropTable('payment_plans').execute();
}
