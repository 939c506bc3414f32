import type { Kysely } from 'kysely';

// A multipart upload keeps its row once joined, with the parts it was joined from, so a completion
// retried after a pause or a reload answers the same result instead of "No such upload"
// (docs/decisions/078-uploads-finish-once.md). Null while the upload is still open.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('multipart_uploads').addColumn('completed_parts', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('multipart_uploads').dropColumn('completed_parts').execute();
}
