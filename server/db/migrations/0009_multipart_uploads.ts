import type { Kysely } from 'kysely';
import { timestampColumn, timestampType } from './column-types.ts';

// Multipart uploads this server started (docs/decisions/046-resumable-uploads.md). A request naming an
// upload id or key not in this table is refused; `owner` says who may continue it; rows older than a
// day are aborted in the store and removed by the hourly sweep.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('multipart_uploads')
    .addColumn('upload_id', 'text', (col) => col.primaryKey())
    // The store key the completion writes (`staging/{uuid}`), and the upload key it belongs to.
    .addColumn('object_key', 'text', (col) => col.notNull())
    .addColumn('upload_key', 'text', (col) => col.notNull())
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('multipart_uploads_created_idx').on('multipart_uploads').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('multipart_uploads').execute();
}
