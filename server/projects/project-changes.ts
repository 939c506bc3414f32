import type { Transaction } from 'kysely';
import type { UpdateProjectInput } from '#common/projects.ts';
import type { Database } from '#server/db/schema.ts';
import { recordActivity, type Actor } from './activity.ts';
import { endClientAccess, hasPortalAccess } from './client-sessions.ts';
import { moveProject } from './move-project.ts';
import type { ProjectRow } from './project-views.ts';
import { dayOf, filesExpireAt } from './retention-dates.ts';

/*
 * The owner's change of a project record, in one transaction with its log entries: the details,
 * the package (its name and revision rounds as the site states them now), the day its files are
 * kept until, the status (move-project.ts), and a new client address, which is invited afresh.
 */

export const UNKNOWN_PACKAGE = "Choose one of the site's packages or Custom";

/** The package's name and revision rounds to snapshot; null for a key the site no longer has. */
export type PackageSnapshot = { packageTitle: string; revisionsIncluded: number | null } | null;

type ChangeOutcome = { kind: 'done' } | { kind: 'not-found' } | { kind: 'invalid'; errors: Record<string, string[]> };

export async function changeProject(
  trx: Transaction<Database>,
  id: number,
  input: UpdateProjectInput,
  snapshot: PackageSnapshot,
  actor: Actor & { side: 'studio' | 'client' },
  now: Date,
): Promise<ChangeOutcome> {
  const at = now.toISOString();
  const row = await trx.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return { kind: 'not-found' };
  const { status, retainFilesUntil, packageKey, ...details } = input;
  const changes: Partial<ProjectRow> = {};
  const changedFields = Object.entries(details)
    .filter(([field, value]) => row[field as keyof typeof details] !== value)
    .map(([field]) => field);
  for (const field of changedFields) Object.assign(changes, { [field]: details[field as keyof typeof details] });
  if (packageKey !== undefined && packageKey !== row.packageKey) {
    if (!snapshot) return { kind: 'invalid', errors: { packageKey: [UNKNOWN_PACKAGE] } } satisfies ChangeOutcome;
    Object.assign(changes, { packageKey }, snapshot);
    changedFields.push('packageKey');
  }
  if (retainFilesUntil !== undefined && retainFilesUntil !== row.retainFilesUntil) {
    const automatic = filesExpireAt({ completedAt: row.completedAt ?? at, retainFilesUntil: null })!;
    if (retainFilesUntil !== null && retainFilesUntil < dayOf(automatic)) {
      const message = `Choose a day on or after ${dayOf(automatic)}, the automatic removal date`;
      return { kind: 'invalid', errors: { retainFilesUntil: [message] } } satisfies ChangeOutcome;
    }
    changes.retainFilesUntil = retainFilesUntil;
    // A new date earns a new warning a week before it.
    changes.retentionWarnedAt = null;
    await recordActivity(trx, id, actor, { action: 'retention_changed', until: retainFilesUntil }, now);
  }
  if (status !== undefined) await moveProject(trx, id, { chosen: status }, actor, now);
  if (changedFields.length > 0) await recordActivity(trx, id, actor, { action: 'details_changed', fields: changedFields }, now);
  if (Object.keys(changes).length > 0) {
    await trx
      .updateTable('projects')
      .set({ ...changes, updatedAt: at })
      .where('id', '=', id)
      .execute();
  }
  if (changes.clientEmail !== undefined) {
    // A new address is invited afresh; the old one keeps access only through its other projects.
    // A collaborator who becomes the client is the client from now on, not both.
    await trx.updateTable('projects').set({ invitedAt: null, accessRevokedAt: null }).where('id', '=', id).execute();
    await trx
      .updateTable('projectCollaborators')
      .set({ removedAt: at })
      .where('projectId', '=', id)
      .where('email', '=', changes.clientEmail)
      .where('removedAt', 'is', null)
      .execute();
    if (!(await hasPortalAccess(trx, row.clientEmail))) await endClientAccess(trx, row.clientEmail, now);
  }
  return { kind: 'done' };
}
