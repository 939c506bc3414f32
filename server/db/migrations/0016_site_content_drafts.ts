import type { Kysely } from 'kysely';
import { timestampColumn, timestampType } from './column-types.ts';

// One unpublished draft per section of the owner's site content (docs/decisions/076-drafts-and-preview.md).
// Kept in the database, not the browser, so a draft survives restarts and follows the owner to
// another device. `based_on_version` is the published version the draft was edited from: publishing
// is refused (409) when a newer version landed since, so nobody's save is overwritten silently.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_content_drafts')
    .addColumn('section', 'text', (col) => col.primaryKey())
    .addColumn('based_on_version', 'integer', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('updated_by_id', 'integer', (col) => col.references('admin_users.id').onDelete('set null'))
    .addColumn('updated_by_name', 'text')
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_content_drafts').execute();
}
