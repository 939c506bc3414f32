import { sql, type Kysely } from 'kysely';

// The audio format is detected from the file's first bytes once, at registration, and kept here, so
// the analysis and anything later reads it instead of guessing it back from the content type.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploaded_objects').addColumn('format', 'text').execute();
  await sql`
    update uploaded_objects set format = case content_type
      when 'audio/mpeg' then 'mp3'
      when 'audio/wav' then 'wav'
      when 'audio/mp4' then 'm4a'
      when 'audio/aac' then 'aac'
      when 'audio/flac' then 'flac'
    end
    where status = 'registered'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploaded_objects').dropColumn('format').execute();
}
