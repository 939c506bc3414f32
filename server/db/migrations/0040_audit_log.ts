import type { Kysely } from 'kysely';
import { jsonType, timestampColumn, timestampType, withId } from './column-types.ts';

// Who did what (issue 43; docs/decisions/116-audit-log.md):
// - `audit_entries`: one row per admin write that succeeded and per security event (a sign-in, a
//   failed one, a password reset): the person (`admin_user_id`, null for a sign-in with an unknown
//   name) and their name as it was then (a removed person's rows still say who), the area and the
//   action in words, the address shortened as the review links' log does, and what a setting or an
//   amount was before and after (JSON, null when the write changed none). Kept a year; the hourly
//   auth housekeeping deletes older rows. No foreign key: a row outlives what it names.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('audit_entries'))
    .addColumn('at', timestampType(db), timestampColumn(db))
    .addColumn('admin_user_id', 'integer')
    .addColumn('person', 'text', (col) => col.notNull())
    .addColumn('area', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('route', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('changes', jsonType(db))
    .execute();
  await db.schema.createIndex('audit_entries_at_idx').on('audit_entries').column('at').execute();
  await db.schema.createIndex('audit_entries_person_idx').on('audit_entries').columns(['admin_user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_entries').execute();
}
