import { sql, type Kysely } from 'kysely';
import { isPostgres, timestampColumn, timestampType } from './column-types.ts';

// The owner's inbox (docs/decisions/048-contact-inbox.md):
// - `contact_submissions.read_at`: null until the owner opened the submission. Submissions stored
//   before this migration were already shown in full, so they count as read.
// - `contact_notices.kind`: the owner's notice and the visitor's acknowledgement share the delivery
//   machinery; a submission has at most one notice of each kind (was: one notice at all).
// - `contact_settings`: one row (id 1) with the acknowledgement switch and text; no row means the defaults.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_submissions').addColumn('read_at', timestampType(db)).execute();
  await sql`update contact_submissions set read_at = created_at`.execute(db);

  if (isPostgres(db)) {
    await db.schema
      .alterTable('contact_notices')
      .addColumn('kind', 'text', (col) => col.notNull().defaultTo('owner'))
      .execute();
    await sql`alter table contact_notices drop constraint contact_notices_submission_id_key`.execute(db);
    await db.schema
      .alterTable('contact_notices')
      .addUniqueConstraint('contact_notices_submission_kind_key', ['submission_id', 'kind'])
      .execute();
  } else {
    await rebuildSqliteNotices(db);
  }

  await db.schema
    .createTable('contact_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('acknowledgement_enabled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('acknowledgement_text', 'text')
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .execute();
}

/** SQLite cannot drop a column's UNIQUE: the table is rebuilt with the new key, rows and ids kept. */
async function rebuildSqliteNotices(db: Kysely<unknown>): Promise<void> {
  await sql`create table contact_notices_next (
    id integer primary key autoincrement,
    submission_id integer not null references contact_submissions(id) on delete cascade,
    kind text not null default 'owner',
    attempts integer not null default 0,
    next_attempt_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_error text,
    sent_at text,
    created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    unique (submission_id, kind)
  )`.execute(db);
  await sql`insert into contact_notices_next (id, submission_id, kind, attempts, next_attempt_at, last_error, sent_at, created_at)
    select id, submission_id, 'owner', attempts, next_attempt_at, last_error, sent_at, created_at from contact_notices`.execute(db);
  await sql`drop table contact_notices`.execute(db);
  await sql`alter table contact_notices_next rename to contact_notices`.execute(db);
  await db.schema.createIndex('contact_notices_due_idx').on('contact_notices').columns(['sent_at', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_settings').execute();
  await sql`delete from contact_notices where kind <> 'owner'`.execute(db);
  if (isPostgres(db)) {
    await db.schema.alterTable('contact_notices').dropConstraint('contact_notices_submission_kind_key').execute();
    await db.schema.alterTable('contact_notices').dropColumn('kind').execute();
    await db.schema.alterTable('contact_notices').addUniqueConstraint('contact_notices_submission_id_key', ['submission_id']).execute();
  } else {
    await sql`create table contact_notices_prev (
      id integer primary key autoincrement,
      submission_id integer not null unique references contact_submissions(id) on delete cascade,
      attempts integer not null default 0,
      next_attempt_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      last_error text,
      sent_at text,
      created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    )`.execute(db);
    await sql`insert into contact_notices_prev
      select id, submission_id, attempts, next_attempt_at, last_error, sent_at, created_at from contact_notices`.execute(db);
    await sql`drop table contact_notices`.execute(db);
    await sql`alter table contact_notices_prev rename to contact_notices`.execute(db);
    await db.schema.createIndex('contact_notices_due_idx').on('contact_notices').columns(['sent_at', 'next_attempt_at']).execute();
  }
  await db.schema.alterTable('contact_submissions').dropColumn('read_at').execute();
}
