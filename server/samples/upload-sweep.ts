import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/**
 * Uploads registered before `cutoff` (a day ago): those no sample uses, in the trash or out of it,
 * were left by a Create Sample never pressed or a form closed after the file arrived, and the
 * sweep (AudioUploadService.removeAbandonedUploads) removes them.
 */
export async function registeredBefore(db: Kysely<Database>, cutoff: string): Promise<string[]> {
  const rows = await db
    .selectFrom('uploadedObjects')
    .select('key')
    .where('status', '=', 'registered')
    .where((eb) => eb.or([eb('registeredAt', '<', cutoff), eb.and([eb('registeredAt', 'is', null), eb('createdAt', '<', cutoff)])]))
    .execute();
  return rows.map((row) => row.key);
}
