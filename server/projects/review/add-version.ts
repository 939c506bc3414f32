import type { Kysely } from 'kysely';
import { projectFileKey, projectUploadFromPath } from '#common/object-keys.ts';
import type { TrackView } from '#common/review.ts';
import type { Database } from '#server/db/schema.ts';
import { recordActivity, type Actor } from '#server/projects/activity.ts';
import { moveProject } from '#server/projects/move-project.ts';
import { queueForEveryoneWho } from '#server/projects/people-to-tell.ts';
import type { ProjectFileProcessing } from '#server/projects/file-processing.ts';
import { spendReservation } from '#server/projects/file-registration.ts';
import type { ProjectFileService } from '#server/projects/project-files.ts';
import { trackOf } from './tracks.ts';

export type AddVersionOutcome =
  /** `again`: this upload was registered before (a retried registration answers the same version). */
  | { kind: 'created'; track: TrackView; versionId: number; number: number; again?: boolean }
  | { kind: 'not-found' }
  | { kind: 'not-issued' }
  | { kind: 'not-uploaded' }
  | { kind: 'too-large' };

/**
 * A new version of a track from an upload the studio made into the project: numbered after the
 * last one, the track back in review, the project in review, the client e-mailed (batched).
 * Registering the same upload again answers the version it made (decision 079), never a second one.
 */
export async function addVersion(
  db: Kysely<Database>,
  { files, processing }: { files: ProjectFileService; processing: ProjectFileProcessing },
  target: { projectId: number; trackId: number },
  input: { objectPath: string; notes: string },
  uploader: string,
  actor: Actor,
  now: Date,
): Promise<AddVersionOutcome> {
  const { projectId, trackId } = target;
  const track = await db
    .selectFrom('projectTracks')
    .select(['id', 'title'])
    .where('id', '=', trackId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  if (!track) return { kind: 'not-found' };
  const checked = await files.checkUpload(projectId, 'studio', uploader, input.objectPath);
  if (checked.kind === 'not-issued') return (await registeredBefore(db, target, input.objectPath, uploader)) ?? checked;
  if (checked.kind !== 'ok') return checked;
  const created = await db.transaction().execute(async (trx) => {
    if (!(await spendReservation(trx, checked.uploadKey))) return null;
    const last = await trx
      .selectFrom('trackVersions')
      .select((eb) => eb.fn.max('number').as('number'))
      .where('trackId', '=', trackId)
      .executeTakeFirst();
    const number = Number(last?.number ?? 0) + 1;
    const row = await trx
      .insertInto('trackVersions')
      .values({
        trackId,
        projectId,
        number,
        name: checked.fileName,
        notes: input.notes,
        objectKey: checked.objectKey,
        size: checked.size,
        format: null,
        durationSeconds: null,
        loudnessLufs: null,
        truePeakDbtp: null,
        loudnessRangeLu: null,
        peaks: null,
        processingUntil: null,
        uploadedBy: uploader,
        removedAt: null,
        createdAt: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('projectTracks')
      .set({ state: 'in_review', approvedVersionId: null, updatedAt: now.toISOString() })
      .where('id', '=', trackId)
      .execute();
    await moveProject(trx, projectId, 'versionAdded', actor, now);
    await recordActivity(trx, projectId, actor, { action: 'version_added', title: track.title, number }, now);
    await queueForEveryoneWho(trx, projectId, 'version_ready', 'listen', now);
    return { id: row.id, number };
  });
  // Another registration of the same upload spent the reservation first: answer what it made.
  if (!created) return (await registeredBefore(db, target, input.objectPath, uploader)) ?? { kind: 'not-issued' };
  processing.scheduleVersion(created.id);
  return { kind: 'created', track: await trackOf(db, projectId, trackId), versionId: created.id, number: created.number };
}

/**
 * The version an earlier registration of the same upload made on this track, by the same uploader
 * (its answer lost to a pause, a reload or a network failure), or null.
 */
async function registeredBefore(
  db: Kysely<Database>,
  { projectId, trackId }: { projectId: number; trackId: number },
  objectPath: string,
  uploader: string,
): Promise<AddVersionOutcome | null> {
  const named = projectUploadFromPath(objectPath);
  if (!named || named.projectId !== projectId) return null;
  const row = await db
    .selectFrom('trackVersions')
    .select(['id', 'number'])
    .where('projectId', '=', projectId)
    .where('trackId', '=', trackId)
    .where('objectKey', '=', projectFileKey(projectId, named.uploadKey))
    .where('uploadedBy', '=', uploader)
    .executeTakeFirst();
  if (!row) return null;
  return { kind: 'created', track: await trackOf(db, projectId, trackId), versionId: row.id, number: row.number, again: true };
}
