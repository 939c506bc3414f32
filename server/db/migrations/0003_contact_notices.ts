import type { Kysely } from 'kysely';
import { timestampColumn, timestampType, withId } from './column-types.ts';

// The owner's e-mail about each contact submission. A row is written in the same transaction as the
// submission, so a notice survives a crash or a mail outage and is retried until it is sent.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('contact_notices'))
    .addColumn('submission_id', 'integer', (col) => col.notNull().unique().references('contact_submissions.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestampType(db), timestampColumn(db))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('contact_notices_due_idx').on('contact_notices').columns(['sent_at', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_notices').execute();
}
