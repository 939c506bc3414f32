import type { Kysely } from 'kysely';

// Review-room versions play a listening copy, never their original (docs/decisions/101-listening-copies.md).
// - `track_versions.stream_key`: the store key of the version's MP3 copy (`projects/{id}/listening/{uuid}`);
//   null until it is made (the version is then "being prepared").
// - `stream_size`, `stream_bitrate_kbps`: what the copy is, so serving it needs no other read, and a
//   copy made at another bitrate than the project's is known and made again.
// - `projects.listening_bitrate_kbps`: the owner's choice for the project's copies, 256 or 320.
// The audible watermark a review link may ask for:
// - `review_links.watermark` (1: the link's listener hears the watermarked copy, at its own URL);
// - `track_versions.watermark_key`, `watermark_size`: the watermarked copy, beside the clean one;
//   `watermark_signature` (`{interval}:{level}:{kbps}`): what it was made with, so a change makes it again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('track_versions').addColumn('stream_key', 'text').execute();
  await db.schema.alterTable('track_versions').addColumn('stream_size', 'integer').execute();
  await db.schema.alterTable('track_versions').addColumn('stream_bitrate_kbps', 'integer').execute();
  await db.schema
    .alterTable('projects')
    .addColumn('listening_bitrate_kbps', 'integer', (column) => column.notNull().defaultTo(256))
    .execute();
  await db.schema
    .alterTable('review_links')
    .addColumn('watermark', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('track_versions').addColumn('watermark_key', 'text').execute();
  await db.schema.alterTable('track_versions').addColumn('watermark_size', 'integer').execute();
  await db.schema.alterTable('track_versions').addColumn('watermark_signature', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('track_versions').dropColumn('watermark_signature').execute();
  await db.schema.alterTable('track_versions').dropColumn('watermark_size').execute();
  await db.schema.alterTable('track_versions').dropColumn('watermark_key').execute();
  await db.schema.alterTable('review_links').dropColumn('watermark').execute();
  await db.schema.alterTable('projects').dropColumn('listening_bitrate_kbps').execute();
  await db.schema.alterTable('track_versions').dropColumn('stream_bitrate_kbps').execute();
  await db.schema.alterTable('track_versions').dropColumn('stream_size').execute();
  await db.schema.alterTable('track_versions').dropColumn('stream_key').execute();
}
