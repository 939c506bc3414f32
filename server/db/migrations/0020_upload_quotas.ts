import type { Kysely } from 'kysely';
import { timestampType } from './column-types.ts';

// What bounds a caller's unfinished uploads (docs/decisions/083-unfinished-upload-quotas.md):
// - `declared_bytes`: the size the uploader declared at the start (null: none declared, counted as its limit);
// - `project_id`: the project it goes into (null: a sample's audio), for the per-project bounds;
// - `touched_at`: when a part was last signed or received, so an idle upload can make room sooner.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('multipart_uploads').addColumn('declared_bytes', 'bigint').execute();
  await db.schema.alterTable('multipart_uploads').addColumn('project_id', 'integer').execute();
  await db.schema.alterTable('multipart_uploads').addColumn('touched_at', timestampType(db)).execute();
  await db.schema.createIndex('multipart_uploads_owner_idx').on('multipart_uploads').column('owner').execute();
  await db.schema.createIndex('multipart_uploads_project_idx').on('multipart_uploads').column('project_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('multipart_uploads_project_idx').execute();
  await db.schema.dropIndex('multipart_uploads_owner_idx').execute();
  await db.schema.alterTable('multipart_uploads').dropColumn('touched_at').execute();
  await db.schema.alterTable('multipart_uploads').dropColumn('project_id').execute();
  await db.schema.alterTable('multipart_uploads').dropColumn('declared_bytes').execute();
}
