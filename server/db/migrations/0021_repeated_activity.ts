import type { Kysely } from 'kysely';
import { timestampType } from './column-types.ts';

// Repeated downloads fold into one log entry (docs/decisions/085-repeated-downloads-and-log-pages.md):
// - `project_activity.count`: how many times the entry happened (1 for every entry until now).
// - `project_activity.last_at`: when it last happened; set only on entries that can repeat.
// - `project_activity.repeat_key`: what a repeat of the entry shares (the kind, the file, the person)
//   while the entry is still open to repeats; null otherwise, and set back to null once it closes.
//   Unique per project (NULLs never clash on SQLite or PostgreSQL), so two downloads at the same
//   moment meet on one row: one inserts, the other counts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('project_activity')
    .addColumn('count', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('project_activity').addColumn('last_at', timestampType(db)).execute();
  await db.schema.alterTable('project_activity').addColumn('repeat_key', 'text').execute();
  await db.schema
    .createIndex('project_activity_repeat_key')
    .unique()
    .on('project_activity')
    .columns(['project_id', 'repeat_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('project_activity_repeat_key').execute();
  await db.schema.alterTable('project_activity').dropColumn('repeat_key').execute();
  await db.schema.alterTable('project_activity').dropColumn('last_at').execute();
  await db.schema.alterTable('project_activity').dropColumn('count').execute();
}
