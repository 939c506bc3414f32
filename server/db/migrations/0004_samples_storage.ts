import type { Kysely } from 'kysely';
import { timestampColumn, timestampType } from './column-types.ts';

// One row per upload grant: it makes a grant single-use, lets registration check that a key was
// issued here, tells the audio route which objects are public, and finds abandoned uploads to remove.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploaded_objects')
    .addColumn('key', 'text', (col) => col.primaryKey())
    // pending (grant issued) -> uploading -> uploaded -> registered; failed when a PUT broke off.
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('size', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .addColumn('registered_at', timestampType(db))
    .execute();
  await db.schema.createIndex('uploaded_objects_status_created_idx').on('uploaded_objects').columns(['status', 'created_at']).execute();
  // One-time jobs that must not repeat, e.g. the demo seed: deleting the demos must not bring them back.
  await db.schema
    .createTable('completed_once')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('samples_audio_url_idx').on('samples').column('audio_url').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('samples_audio_url_idx').execute();
  await db.schema.dropTable('completed_once').execute();
  await db.schema.dropTable('uploaded_objects').execute();
}
