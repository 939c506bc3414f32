import type { Kysely } from 'kysely';
import { timestampColumn, timestampType, withId } from './column-types.ts';

// The owner's site content (docs/decisions/049-site-content-documents.md): every save of a section is
// a new row, so any past version can be viewed and restored; the newest row per section is current.
// The unique (section, version) index makes two saves from the same version race safely: one wins,
// the other is told it is stale. `updated_by_name` keeps who saved even after the account is gone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('site_content_versions'))
    .addColumn('section', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('updated_by_id', 'integer', (col) => col.references('admin_users.id').onDelete('set null'))
    .addColumn('updated_by_name', 'text')
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema
    .createIndex('site_content_versions_section_version_idx')
    .on('site_content_versions')
    .columns(['section', 'version'])
    .unique()
    .execute();

  // Images the owner uploaded (hero, founder photo). The original and every rendition live in the
  // object store under images/{id}/; `widths` is a JSON array of the widths made.
  await db.schema
    .createTable('site_images')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('widths', 'text', (col) => col.notNull())
    .addColumn('original_key', 'text', (col) => col.notNull())
    .addColumn('original_type', 'text', (col) => col.notNull())
    .addColumn('byte_size', 'integer', (col) => col.notNull())
    .addColumn('uploaded_by_id', 'integer', (col) => col.references('admin_users.id').onDelete('set null'))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_images').execute();
  await db.schema.dropTable('site_content_versions').execute();
}
