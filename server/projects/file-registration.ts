import type { Kysely } from 'kysely';
import type { ClientFileCategory } from '#common/projects.ts';
import { MAX_PROJECT_FILES } from '#common/projects.ts';
import type { Database } from '#server/db/schema.ts';
import { recordActivity, type Actor } from './activity.ts';
import { moveProject } from './move-project.ts';
import { queueForEveryoneWho, queueStudioNotice } from './people-to-tell.ts';

/** Whose a project file is: the studio's (a delivery) or the client's (what they sent). */
export type Side = 'client' | 'studio';

export const fileCount = async (db: Kysely<Database>, projectId: number, side: Side) =>
  Number(
    (
      await db
        .selectFrom('projectFiles')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('projectId', '=', projectId)
        .where('side', '=', side)
        .executeTakeFirstOrThrow()
    ).count,
  );

/** Spends a reservation inside the caller's transaction; false when another registration spent it first. */
export async function spendReservation(db: Kysely<Database>, uploadKey: string): Promise<boolean> {
  const spent = await db.deleteFrom('projectUploads').where('uploadKey', '=', uploadKey).executeTakeFirst();
  return Number(spent.numDeletedRows) > 0;
}

export interface RegisteredFile {
  projectId: number;
  side: Side;
  uploader: string;
  category: ClientFileCategory | 'delivery';
  uploadKey: string;
  objectKey: string;
  size: number;
  name: string;
}

/**
 * Everything a registration changes, in one transaction: the reservation spent, the file's row, the
 * project's log and date, an approved project moved to delivered by its masters, and the e-mail it
 * makes due (the studio hears of a client's files in one batch a couple of minutes after the last;
 * the client of a delivery). So a file told as registered always has its notice queued.
 */
export function recordRegisteredFile(
  db: Kysely<Database>,
  file: RegisteredFile,
  actor: Actor,
  now: Date,
): Promise<number | 'not-issued' | 'too-many'> {
  return db.transaction().execute(async (trx) => {
    if (!(await spendReservation(trx, file.uploadKey))) return 'not-issued' as const;
    if ((await fileCount(trx, file.projectId, file.side)) >= MAX_PROJECT_FILES) return 'too-many' as const;
    const row = await trx
      .insertInto('projectFiles')
      .values({
        projectId: file.projectId,
        side: file.side,
        category: file.category,
        name: file.name,
        objectKey: file.objectKey,
        size: file.size,
        contentType: 'application/octet-stream',
        uploadedBy: file.uploader,
        createdAt: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const event = file.side === 'studio' ? ('delivery_added' as const) : ('file_uploaded' as const);
    await recordActivity(trx, file.projectId, actor, { action: event, name: file.name, size: file.size }, now);
    await trx.updateTable('projects').set({ updatedAt: now.toISOString() }).where('id', '=', file.projectId).execute();
    // The masters of an approved project have arrived: it is delivered (other statuses stay as the studio set them).
    if (file.side === 'studio') await moveProject(trx, file.projectId, 'deliveryAdded', actor, now);
    // A delivery reaches everyone who may download it (the client, the approvers); the client's files, the studio.
    if (file.side === 'studio') await queueForEveryoneWho(trx, file.projectId, 'delivery_ready', 'downloadDeliveries', now);
    else await queueStudioNotice(trx, file.projectId, 'files_received', now);
    return row.id;
  });
}
