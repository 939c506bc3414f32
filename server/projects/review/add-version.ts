import type { Kysely } from 'kysely';
import type { TrackView } from '#common/review.ts';
import type { Database } from '#server/db/schema.ts';
import { recordActivity, type Actor } from '#server/projects/activity.ts';
import { moveProject } from '#server/projects/move-project.ts';
import { queueProjectEmail } from '#server/projects/project-emails.ts';
import type { ProjectFileProcessing } from '#server/projects/file-processing.ts';
import { spendReservation, type ProjectFileService } from '#server/projects/project-files.ts';
import { trackOf } from './tracks.ts';

export type AddVersionOutcome =
  | { kind: 'created'; track: TrackView; versionId: number; number: number }
  | { kind: 'not-found' }
  | { kind: 'not-issued' }
  | { kind: 'not-uploaded' }
  | { kind: 'too-large' };

/**
 * A new version of a track from an upload the studio made into the project: numbered after the
 * last one, the track back in review, the project in review, the client e-mailed (batched).
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
    await queueProjectEmail(trx, projectId, 'version_ready', now);
    return { id: row.id, number };
  });
  if (!created) return { kind: 'not-issued' };
  processing.scheduleVersion(created.id);
  return { kind: 'created', track: await trackOf(db, projectId, trackId), versionId: created.id, number: created.number };
}
