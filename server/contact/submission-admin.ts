import type { Kysely } from 'kysely';
import type { ContactStatus } from '#common/contact-status.ts';
import type { Database } from '#server/db/schema.ts';
import { SUBMISSION_COLUMNS, type ContactSubmissionView } from './submissions.ts';

/** The owner's status change; null when no submission has that id. */
export async function setContactSubmissionStatus(
  db: Kysely<Database>,
  id: number,
  status: ContactStatus,
): Promise<ContactSubmissionView | null> {
  const row = await db
    .updateTable('contactSubmissions')
    .set({ status, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .returning(SUBMISSION_COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

/** Deletes a submission (its owner notice goes with it: ON DELETE CASCADE). False when unknown. */
export async function deleteContactSubmission(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('contactSubmissions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
