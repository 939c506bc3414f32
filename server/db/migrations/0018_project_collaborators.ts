import { sql, type Kysely } from 'kysely';
import { timestampColumn, timestampType, withId } from './column-types.ts';

// Collaborators (docs/decisions/081-project-collaborators.md):
// - `project_collaborators`: the people a project's client added by e-mail, each with a role
//   (`approve`, `comment`, `listen`). Removing one stamps `removed_at`, so the log of who was on the
//   project stays; an address is active on a project at most once (a partial unique index, which
//   SQLite and PostgreSQL both have). The project's deletion takes its rows with it.
// - `project_emails.recipient`: an e-mail to someone other than the project's client (a
//   collaborator's invitation or sign-in link); null keeps the kind's usual addressee.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('project_collaborators'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('added_by', 'text', (col) => col.notNull())
    .addColumn('last_signed_in_at', timestampType(db))
    .addColumn('removed_at', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema
    .createIndex('project_collaborators_active_key')
    .unique()
    .on('project_collaborators')
    .columns(['project_id', 'email'])
    .where(sql.ref('removed_at'), 'is', null)
    .execute();
  // The sign-in checks ask "which projects is this address on?" at every request.
  await db.schema.createIndex('project_collaborators_email_idx').on('project_collaborators').column('email').execute();

  await db.schema.alterTable('project_emails').addColumn('recipient', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('project_emails').dropColumn('recipient').execute();
  await db.schema.dropTable('project_collaborators').execute();
}
