import { sql, type Kysely } from 'kysely';

// Messages caught by the form's spam checks are kept, not dropped (docs/decisions/089-kept-spam.md):
// - `contact_submissions.spam_reason`: null for the inbox; `too-fast`, `honeypot` or `forged-token`
//   for a message in the spam folder. Every message stored until now was in the inbox.
// - A partial index over the spam rows only: the folder's list, its cap and its 30-day sweep read
//   just those, and the inbox's rows do not make the index any larger.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_submissions').addColumn('spam_reason', 'text').execute();
  await db.schema
    .createIndex('contact_submissions_spam_idx')
    .on('contact_submissions')
    .columns(['created_at', 'id'])
    .where(sql.ref('spam_reason'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contact_submissions_spam_idx').execute();
  // Kept spam has no place in the older schema: it would land in the inbox.
  await sql`delete from contact_submissions where spam_reason is not null`.execute(db);
  await db.schema.alterTable('contact_submissions').dropColumn('spam_reason').execute();
}
