import type { Kysely } from 'kysely';

// A sample's streaming copy (docs/decisions/087-streaming-copies.md): the MP3 the public players
// play instead of the uploaded original.
// - `stream_key`: the copy's upload key (stored at `uploads/{key}`, served at `/objects/uploads/{key}`);
//   the original's own key when the original is served as it is (an MP3); null until one is made.
// - `stream_size`, `stream_content_type`: what the copy is, so serving it needs no other row.
// Indexed: the audio route looks a key up among the copies on every request.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('samples').addColumn('stream_key', 'text').execute();
  await db.schema.alterTable('samples').addColumn('stream_size', 'integer').execute();
  await db.schema.alterTable('samples').addColumn('stream_content_type', 'text').execute();
  await db.schema.createIndex('samples_stream_key_idx').on('samples').column('stream_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('samples_stream_key_idx').execute();
  await db.schema.alterTable('samples').dropColumn('stream_content_type').execute();
  await db.schema.alterTable('samples').dropColumn('stream_size').execute();
  await db.schema.alterTable('samples').dropColumn('stream_key').execute();
}
