import type { Kysely } from 'kysely';
import { jsonType, timestampColumn, timestampType, withId } from './column-types.ts';

// Client projects (docs/decisions/057-client-projects.md):
// - `projects`: the studio's record of one piece of work; the client is known by `client_email`.
// - `project_files`: the client's uploads and the studio's deliveries; the row outlives its bytes
//   (retention sets `removed_at`), so the record of what was sent stays.
// - `project_uploads`: upload keys reserved for a project by /api/uploads, until registered (or swept);
//   `multipart_uploads.max_bytes`: each upload's own limit (a project file may be 5 GB, a sample's audio less).
// - `project_activity`: who did what, when; never edited.
// - `client_sign_in_links` and `client_sessions`: the client's password-free access, only hashes stored.
// - `project_emails`: e-mails to the client or the studio, sent at least once (retried until sent).
// - `daily_task_runs`: one row per task and day, so a daily task runs once however many instances start it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('projects'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('client_name', 'text', (col) => col.notNull())
    .addColumn('client_email', 'text', (col) => col.notNull())
    .addColumn('package_key', 'text', (col) => col.notNull())
    .addColumn('package_title', 'text', (col) => col.notNull())
    .addColumn('revisions_included', 'integer')
    .addColumn('price', 'integer')
    .addColumn('due_date', 'text')
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('client_notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('awaiting_files'))
    .addColumn('contact_submission_id', 'integer', (col) => col.references('contact_submissions.id').onDelete('set null'))
    .addColumn('invited_at', timestampType(db))
    .addColumn('access_revoked_at', timestampType(db))
    .addColumn('completed_at', timestampType(db))
    .addColumn('retain_files_until', 'text')
    .addColumn('retention_warned_at', timestampType(db))
    .addColumn('files_removed_at', timestampType(db))
    .addColumn('last_client_activity_at', timestampType(db))
    .addColumn('last_studio_activity_at', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('projects_client_email_idx').on('projects').column('client_email').execute();
  await db.schema.createIndex('projects_status_idx').on('projects').column('status').execute();

  await withId(db, db.schema.createTable('project_files'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('side', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('object_key', 'text', (col) => col.notNull().unique())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('sha256', 'text')
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('analysis_state', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('analysis', jsonType(db))
    .addColumn('processing_until', timestampType(db))
    .addColumn('uploaded_by', 'text', (col) => col.notNull())
    .addColumn('removed_at', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('project_files_project_idx').on('project_files').columns(['project_id', 'side']).execute();
  await db.schema.createIndex('project_files_analysis_idx').on('project_files').column('analysis_state').execute();

  await db.schema
    .createTable('project_uploads')
    .addColumn('upload_key', 'text', (col) => col.primaryKey())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('side', 'text', (col) => col.notNull())
    .addColumn('uploader', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  // A multipart upload now carries its own size limit: a sample's audio or a project file (5 GB).
  await db.schema.alterTable('multipart_uploads').addColumn('max_bytes', 'bigint').execute();

  await withId(db, db.schema.createTable('project_activity'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('actor_name', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('detail', jsonType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('project_activity_project_idx').on('project_activity').columns(['project_id', 'id']).execute();

  await withId(db, db.schema.createTable('client_sign_in_links'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', timestampType(db), (col) => col.notNull())
    .addColumn('used_at', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();

  await db.schema
    .createTable('client_sessions')
    .addColumn('sid', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('expires_at', timestampType(db), (col) => col.notNull())
    .addColumn('last_seen_at', timestampType(db), (col) => col.notNull())
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('client_sessions_email_idx').on('client_sessions').column('email').execute();

  await withId(db, db.schema.createTable('project_emails'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestampType(db), timestampColumn(db))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('project_emails_due_idx').on('project_emails').columns(['sent_at', 'next_attempt_at']).execute();

  await db.schema
    .createTable('daily_task_runs')
    .addColumn('task', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .addPrimaryKeyConstraint('daily_task_runs_pk', ['task', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('multipart_uploads').dropColumn('max_bytes').execute();
  for (const table of [
    'daily_task_runs',
    'project_emails',
    'client_sessions',
    'client_sign_in_links',
    'project_activity',
    'project_uploads',
    'project_files',
    'projects',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
