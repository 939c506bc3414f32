import { sql, type Kysely } from 'kysely';
import { timestampColumn, timestampType } from './column-types.ts';

// Everyone on a project told what concerns them (issue 41, docs/decisions/102-everyone-hears-what-concerns-them.md):
// - `project_email_mutes`: a person (by address) who muted a project's e-mails from one of them; one
//   row per project and address, removed when they unmute. The project's deletion takes its rows.
// - `version_comments.author_role`: the collaborator's role when they wrote the comment (approve,
//   comment), so a comment says how its author was on the project; null for the client, the studio
//   and a review link's listener (their kind is in `author_key`). Comments kept until now by
//   someone other than the project's client get the role they hold now (`comment` once removed).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_email_mutes')
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('muted_at', timestampType(db), timestampColumn(db))
    .addPrimaryKeyConstraint('project_email_mutes_pkey', ['project_id', 'email'])
    .execute();

  await db.schema.alterTable('version_comments').addColumn('author_role', 'text').execute();
  await sql`
    update version_comments set author_role = coalesce(
      (select c.role from project_collaborators c
         join track_versions v on v.project_id = c.project_id
        where v.id = version_comments.version_id and 'client:' || c.email = version_comments.author_key and c.removed_at is null
        limit 1),
      'comment')
    where author_key like 'client:%'
      and author_key <> (select 'client:' || p.client_email from projects p
                           join track_versions v on v.project_id = p.id
                          where v.id = version_comments.version_id)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('version_comments').dropColumn('author_role').execute();
  await db.schema.dropTable('project_email_mutes').execute();
}
