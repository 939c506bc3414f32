import type { Insertable, Kysely } from 'kysely';
import type { Database, ProjectFilesTable, ProjectsTable } from '#server/db/schema.ts';

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

/**
 * A project file row straight into the database, as if uploaded and checked: the side's usual
 * category (stems from the client, a delivery from the studio) and plain values the test may override.
 */
export async function insertProjectFile(
  db: Kysely<Database>,
  fields: Pick<Insertable<ProjectFilesTable>, 'projectId' | 'side' | 'objectKey'> & Partial<Insertable<ProjectFilesTable>>,
): Promise<number> {
  const row = await db
    .insertInto('projectFiles')
    .values({
      category: fields.side === 'client' ? 'stems' : 'delivery',
      name: `${fields.side}.wav`,
      size: 12,
      sha256: null,
      contentType: 'application/octet-stream',
      analysis: null,
      uploadedBy: 'test',
      removedAt: null,
      processingUntil: null,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
