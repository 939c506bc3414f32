import type { Kysely, Transaction } from 'kysely';
import type { RevisionRoundView, TrackView } from '#common/review.ts';
import type { Database } from '#server/db/schema.ts';
import { recordActivity, type Actor } from '#server/projects/activity.ts';
import { toRoundViews, toTrackView, toVersionView, type VersionRow } from './review-views.ts';

export type Db = Kysely<Database> | Transaction<Database>;

/** Every track of a project with its versions (newest last) and revision counts. */
export async function tracksOf(db: Db, projectId: number): Promise<TrackView[]> {
  const project = await db.selectFrom('projects').select('revisionsIncluded').where('id', '=', projectId).executeTakeFirst();
  if (!project) return [];
  const tracks = await db.selectFrom('projectTracks').selectAll().where('projectId', '=', projectId).orderBy('id').execute();
  if (tracks.length === 0) return [];
  const versions = await db.selectFrom('trackVersions').selectAll().where('projectId', '=', projectId).orderBy('number').execute();
  const open = await db
    .selectFrom('versionComments')
    .innerJoin('trackVersions', 'trackVersions.id', 'versionComments.versionId')
    .select(['versionComments.versionId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('trackVersions.projectId', '=', projectId)
    .where('versionComments.parentId', 'is', null)
    .where('versionComments.resolvedAt', 'is', null)
    .where('versionComments.deletedAt', 'is', null)
    .groupBy('versionComments.versionId')
    .execute();
  const openBy = new Map(open.map((row) => [row.versionId, Number(row.count)]));
  const rounds = await revisionRoundsByTrack(db, projectId);
  return tracks.map((track) =>
    toTrackView(
      track,
      versions.filter((version) => version.trackId === track.id).map((version) => toVersionView(version, openBy.get(version.id) ?? 0)),
      rounds.get(track.id) ?? [],
      project.revisionsIncluded,
    ),
  );
}

/** Every revision round of a project, per track, numbered from 1 on each track in the order asked. */
export async function revisionRoundsByTrack(db: Db, projectId: number): Promise<Map<number, RevisionRoundView[]>> {
  const rows = await db
    .selectFrom('revisionRequests')
    .innerJoin('trackVersions', 'trackVersions.id', 'revisionRequests.versionId')
    .select([
      'revisionRequests.trackId',
      'revisionRequests.versionId',
      'trackVersions.number',
      'revisionRequests.summary',
      'revisionRequests.createdAt',
      'revisionRequests.requestedBy',
    ])
    .where('trackVersions.projectId', '=', projectId)
    .orderBy('revisionRequests.id')
    .execute();
  const byTrack = new Map<number, typeof rows>();
  for (const row of rows) byTrack.set(row.trackId, [...(byTrack.get(row.trackId) ?? []), row]);
  return new Map([...byTrack].map(([trackId, ofTrack]) => [trackId, toRoundViews(ofTrack)]));
}

/** One track of the project as the review room shows it (after a change to it). */
export async function trackOf(db: Db, projectId: number, trackId: number): Promise<TrackView> {
  return (await tracksOf(db, projectId)).find((track) => track.id === trackId)!;
}

export async function createTrack(
  db: Kysely<Database>,
  projectId: number,
  title: string,
  actor: Actor,
  now: Date,
): Promise<TrackView | null> {
  const id = await db.transaction().execute(async (trx) => {
    const project = await trx.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst();
    if (!project) return null;
    const row = await trx
      .insertInto('projectTracks')
      .values({ projectId, title, createdAt: now.toISOString(), updatedAt: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordActivity(trx, projectId, actor, { action: 'track_added', title }, now);
    return row.id;
  });
  if (id === null) return null;
  return trackOf(db, projectId, id);
}

/** A version of the project's track, or null when the path does not name one. */
export async function findVersion(db: Db, projectId: number, trackId: number, versionId: number): Promise<VersionRow | null> {
  const row = await db
    .selectFrom('trackVersions')
    .selectAll()
    .where('id', '=', versionId)
    .where('trackId', '=', trackId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  return row ?? null;
}
