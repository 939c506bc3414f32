import type { Kysely, Transaction } from 'kysely';
import type { ReviewDecision } from '#common/review.ts';
import type { Database } from '#server/db/schema.ts';
import { recordActivity, type Actor } from '#server/projects/activity.ts';
import { moveProject } from '#server/projects/move-project.ts';
import { queueForEveryoneWho, queueStudioNotice } from '#server/projects/people-to-tell.ts';
import type { VersionPath } from './comments.ts';
import type { VersionRow } from './review-views.ts';
import { trackOf } from './tracks.ts';

export type DecisionOutcome =
  { kind: 'decided'; decision: ReviewDecision } | { kind: 'not-found' } | { kind: 'not-latest' } | { kind: 'settled' };

/** The client approves the track's newest version: the track goes to final delivery; all tracks approved, the project is delivered. */
export async function approve(db: Kysely<Database>, path: VersionPath, actor: Actor, now: Date): Promise<DecisionOutcome> {
  const { projectId, trackId, versionId } = path;
  return decide(db, path, async (trx, version, title) => {
    await trx
      .updateTable('projectTracks')
      .set({ state: 'approved', approvedVersionId: versionId, updatedAt: now.toISOString() })
      .where('id', '=', trackId)
      .execute();
    const by = actor.side === 'client' ? { by: actor.email } : {};
    await recordActivity(trx, projectId, actor, { action: 'version_approved', title, number: version.number, ...by }, now);
    const waiting = await trx
      .selectFrom('projectTracks')
      .select('id')
      .where('projectId', '=', projectId)
      .where('state', '!=', 'approved')
      .executeTakeFirst();
    if (!waiting) await moveProject(trx, projectId, 'allTracksApproved', { side: 'system' }, now);
    await tellOfDecision(trx, projectId, actor, now);
    return false;
  });
}

/** The client asks for another round on the newest version; it counts against the package's rounds. */
export async function requestRevisions(
  db: Kysely<Database>,
  path: VersionPath,
  summary: string,
  actor: Actor,
  now: Date,
): Promise<DecisionOutcome> {
  const { projectId, trackId, versionId } = path;
  return decide(db, path, async (trx, version, title) => {
    await trx
      .insertInto('revisionRequests')
      .values({
        trackId,
        versionId,
        summary,
        requestedBy: actor.side === 'client' ? `client:${actor.email}` : actor.side,
        createdAt: now.toISOString(),
      })
      .execute();
    await trx
      .updateTable('projectTracks')
      .set({ state: 'revisions_requested', updatedAt: now.toISOString() })
      .where('id', '=', trackId)
      .execute();
    await moveProject(trx, projectId, 'revisionsRequested', actor, now);
    const used = await trx
      .selectFrom('revisionRequests')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('trackId', '=', trackId)
      .executeTakeFirstOrThrow();
    const project = await trx.selectFrom('projects').select('revisionsIncluded').where('id', '=', projectId).executeTakeFirstOrThrow();
    const beyond = project.revisionsIncluded !== null && Number(used.count) > project.revisionsIncluded;
    await recordActivity(
      trx,
      projectId,
      actor,
      { action: 'revisions_requested', title, number: version.number, round: Number(used.count), beyond },
      now,
    );
    await tellOfDecision(trx, projectId, actor, now);
    return beyond;
  });
}

/** The studio hears of a decision at once, and so do the client and the approvers, but not whoever made it. */
async function tellOfDecision(trx: Transaction<Database>, projectId: number, actor: Actor, now: Date): Promise<void> {
  await queueStudioNotice(trx, projectId, 'decisions_for_studio', now);
  await queueForEveryoneWho(trx, projectId, 'decisions_for_people', 'decide', now, actor.side === 'client' ? actor.email : null);
}

/**
 * Applies a decision on the newest version, once: `apply` answers whether the decision goes beyond
 * the package's included rounds.
 */
async function decide(
  db: Kysely<Database>,
  { projectId, trackId, versionId }: VersionPath,
  apply: (trx: Transaction<Database>, version: VersionRow, title: string) => Promise<boolean>,
): Promise<DecisionOutcome> {
  const outcome = await db.transaction().execute(async (trx) => {
    const track = await trx
      .selectFrom('projectTracks')
      .selectAll()
      .where('id', '=', trackId)
      .where('projectId', '=', projectId)
      .executeTakeFirst();
    const version = await trx
      .selectFrom('trackVersions')
      .selectAll()
      .where('id', '=', versionId)
      .where('trackId', '=', trackId)
      .executeTakeFirst();
    if (!track || !version) return { kind: 'not-found' } as const;
    const newest = await trx
      .selectFrom('trackVersions')
      .select((eb) => eb.fn.max('number').as('number'))
      .where('trackId', '=', trackId)
      .executeTakeFirst();
    if (Number(newest?.number) !== version.number) return { kind: 'not-latest' } as const;
    // A decision is made once per version: approving twice, or asking again for the same version, changes nothing.
    if (track.state === 'approved' || track.state === 'revisions_requested') return { kind: 'settled' } as const;
    return { kind: 'applied', beyond: await apply(trx, version, track.title) } as const;
  });
  if (outcome.kind !== 'applied') return outcome;
  const track = await trackOf(db, projectId, trackId);
  const project = await db.selectFrom('projects').select('status').where('id', '=', projectId).executeTakeFirstOrThrow();
  return {
    kind: 'decided',
    decision: {
      track,
      revisionsUsed: track.revisionsUsed,
      revisionsIncluded: track.revisionsIncluded,
      beyondIncluded: outcome.beyond,
      projectStatus: project.status,
    },
  };
}
