import type { Kysely } from 'kysely';
import { timestampColumn, timestampType, withId } from './column-types.ts';

// The review room (docs/decisions/058-review-room.md):
// - `project_tracks`: the songs of a project, each reviewed and approved on its own.
// - `track_versions`: every mix or master uploaded for a track (v1, v2...), with its measurements.
// - `version_comments`: comments pinned to a moment (or a range) of one version; replies point at their thread.
// - `revision_requests`: each round of revisions the client asked for, counted against the package.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('project_tracks'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('awaiting_version'))
    .addColumn('approved_version_id', 'integer')
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('project_tracks_project_idx').on('project_tracks').column('project_id').execute();

  await withId(db, db.schema.createTable('track_versions'))
    .addColumn('track_id', 'integer', (col) => col.notNull().references('project_tracks.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('object_key', 'text', (col) => col.notNull().unique())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('analysis_state', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('format', 'text')
    .addColumn('duration_seconds', 'real')
    .addColumn('loudness_lufs', 'real')
    .addColumn('true_peak_dbtp', 'real')
    .addColumn('loudness_range_lu', 'real')
    .addColumn('peaks', 'text')
    .addColumn('processing_until', timestampType(db))
    .addColumn('uploaded_by', 'text', (col) => col.notNull())
    .addColumn('removed_at', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .addUniqueConstraint('track_versions_number_key', ['track_id', 'number'])
    .execute();

  await withId(db, db.schema.createTable('version_comments'))
    .addColumn('version_id', 'integer', (col) => col.notNull().references('track_versions.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (col) => col.references('version_comments.id').onDelete('cascade'))
    .addColumn('author_side', 'text', (col) => col.notNull())
    .addColumn('author_key', 'text', (col) => col.notNull())
    .addColumn('author_name', 'text')
    .addColumn('at_seconds', 'real', (col) => col.notNull())
    .addColumn('end_seconds', 'real')
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('resolved_at', timestampType(db))
    .addColumn('resolved_by_name', 'text')
    .addColumn('edited_at', timestampType(db))
    .addColumn('deleted_at', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('version_comments_version_idx').on('version_comments').columns(['version_id', 'at_seconds']).execute();

  await withId(db, db.schema.createTable('revision_requests'))
    .addColumn('track_id', 'integer', (col) => col.notNull().references('project_tracks.id').onDelete('cascade'))
    .addColumn('version_id', 'integer', (col) => col.notNull().references('track_versions.id').onDelete('cascade'))
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('requested_by', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['revision_requests', 'version_comments', 'track_versions', 'project_tracks']) {
    await db.schema.dropTable(table).execute();
  }
}
