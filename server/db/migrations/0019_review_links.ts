import type { Kysely } from 'kysely';
import { timestampColumn, timestampType, withId } from './column-types.ts';

// Review links (docs/decisions/082-review-links.md):
// - `review_links`: a link the studio shares to let someone listen to one track and comment, without
//   a portal account. Only the token's hash is kept, and the password's argon2id hash.
// - `review_link_accesses`: every use of a link (opened, a wrong password, a stream, a comment),
//   with a shortened address; pruned after 180 days by the hourly housekeeping.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('review_links'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('track_id', 'integer', (col) => col.notNull().references('project_tracks.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', timestampType(db))
    .addColumn('revoked_at', timestampType(db))
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('opens', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_opened_at', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('review_links_track_idx').on('review_links').column('track_id').execute();

  await withId(db, db.schema.createTable('review_link_accesses'))
    .addColumn('link_id', 'integer', (col) => col.notNull().references('review_links.id').onDelete('cascade'))
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text', (col) => col.notNull())
    .addColumn('at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('review_link_accesses_link_idx').on('review_link_accesses').columns(['link_id', 'at']).execute();
  await db.schema.createIndex('review_link_accesses_at_idx').on('review_link_accesses').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review_link_accesses').execute();
  await db.schema.dropTable('review_links').execute();
}
