import type { Kysely, Transaction } from 'kysely';
import { isFinished, statusAfter, type ProjectMove, type ProjectStatus } from '#common/project-lifecycle.ts';
import type { Database } from '#server/db/schema.ts';
import { recordActivity, type Actor } from './activity.ts';

/**
 * The one writer of a project's status (the moves and groups are in common/project-lifecycle.ts):
 * the status, the retention clock that finishing starts and reopening stops, and the log entry, in
 * the caller's transaction. Answers the new status, or null when the move did not apply.
 */
export async function moveProject(
  trx: Kysely<Database> | Transaction<Database>,
  projectId: number,
  move: ProjectMove,
  actor: Actor,
  now: Date,
): Promise<ProjectStatus | null> {
  const project = await trx.selectFrom('projects').select(['status', 'completedAt']).where('id', '=', projectId).executeTakeFirstOrThrow();
  const from = project.status as ProjectStatus;
  const to = statusAfter(from, move);
  if (to === null) return null;
  const at = now.toISOString();
  const clock =
    isFinished(to) && !project.completedAt
      ? { completedAt: at }
      : // Reopened: the retention clock stops, and starts again at the next completion.
        !isFinished(to) && isFinished(from)
        ? { completedAt: null, retentionWarnedAt: null }
        : {};
  await trx
    .updateTable('projects')
    .set({ status: to, ...clock, updatedAt: at })
    .where('id', '=', projectId)
    .execute();
  await recordActivity(trx, projectId, actor, { action: 'status_changed', from, to }, now);
  return to;
}
