import type { Insertable, Kysely } from 'kysely';
import type { Database, ProjectsTable } from '#server/db/schema.ts';

/**
 * A project row straight into the database, for tests of what happens around a project (its e-mails,
 * retention, invoices) that need none of the API's steps. Every column has a plain value; the
 * test names only what it is about.
 */
export async function insertProject(db: Kysely<Database>, fields: Partial<Insertable<ProjectsTable>> = {}): Promise<number> {
  const row = await db
    .insertInto('projects')
    .values({
      title: 'Night Drive',
      clientName: 'Ava Stone',
      clientEmail: 'ava@example.com',
      packageKey: 'standard',
      packageTitle: 'Standard',
      revisionsIncluded: 2,
      price: null,
      dueDate: null,
      contactSubmissionId: null,
      invitedAt: null,
      accessRevokedAt: null,
      completedAt: null,
      retainFilesUntil: null,
      retentionWarnedAt: null,
      filesRemovedAt: null,
      lastClientActivityAt: null,
      lastStudioActivityAt: null,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
