import type { Kysely, Transaction } from 'kysely';
import type { ProjectStatus } from '#common/project-lifecycle.ts';
import type { ClientFileCategory, ProjectFileView } from '#common/projects.ts';
import type { Database } from '#server/db/schema.ts';
import { recordActivity, type Actor } from './activity.ts';
import { clientMayChangeFile } from './client-file-changes.ts';
import { toFileView } from './project-views.ts';

/*
 * Changing a file already in a project: filing it under another category, or taking it out. The
 * owner may always; a client only their own side's files, within the window of
 * client-file-changes.ts, decided in the change's own transaction and logged in it.
 */

/**
 * Why a file was not changed: no such file in the project (for a client, also a delivery: never
 * theirs), the client's window has passed, or a delivery asked for a category.
 */
export type FileChangeRefusal = { kind: 'not-found' } | { kind: 'closed' } | { kind: 'not-client-file' };

/** The file as it is inside the change's transaction, if this actor may change it now. */
async function fileToChange(trx: Transaction<Database>, projectId: number, fileId: number, actor: Actor, now: Date) {
  const row = await trx
    .selectFrom('projectFiles')
    .innerJoin('projects', 'projects.id', 'projectFiles.projectId')
    .selectAll('projectFiles')
    .select('projects.status as projectStatus')
    .where('projectFiles.projectId', '=', projectId)
    .where('projectFiles.id', '=', fileId)
    .executeTakeFirst();
  if (!row) return { kind: 'not-found' as const };
  if (actor.side === 'client') {
    if (row.side !== 'client') return { kind: 'not-found' as const };
    if (!clientMayChangeFile(row, row.projectStatus as ProjectStatus, now)) return { kind: 'closed' as const };
  }
  return { kind: 'ok' as const, row };
}

/**
 * Files a client file under another category. The owner may always; a client only their own
 * side's files, within the window of client-file-changes.ts. Logged in the same transaction.
 */
export async function recategoriseFile(
  db: Kysely<Database>,
  { projectId, fileId, category }: { projectId: number; fileId: number; category: ClientFileCategory },
  actor: Actor,
  now: Date,
): Promise<{ kind: 'changed'; file: ProjectFileView } | FileChangeRefusal> {
  const outcome = await db.transaction().execute(async (trx) => {
    const found = await fileToChange(trx, projectId, fileId, actor, now);
    if (found.kind !== 'ok') return found;
    const { row } = found;
    // A delivery is a delivery: it has no client category to move between.
    if (row.side !== 'client') return { kind: 'not-client-file' as const };
    const from = row.category as ClientFileCategory;
    // Conditional on the category read: of moves of one file at once, only the one that changed it logs.
    const moved =
      from !== category &&
      (await trx.updateTable('projectFiles').set({ category }).where('id', '=', fileId).where('category', '=', from).executeTakeFirst())
        .numUpdatedRows > 0n;
    if (moved) {
      await recordActivity(trx, projectId, actor, { action: 'file_recategorised', name: row.name, from, to: category }, now);
      await trx.updateTable('projects').set({ updatedAt: now.toISOString() }).where('id', '=', projectId).execute();
    }
    return { kind: 'changed' as const };
  });
  if (outcome.kind !== 'changed') return outcome;
  const row = await db.selectFrom('projectFiles').selectAll().where('id', '=', fileId).executeTakeFirst();
  // Removed between the change and this read: as for any file that is not there.
  return row ? { kind: 'changed', file: toFileView(row) } : { kind: 'not-found' };
}

/**
 * Takes a file out of the project: a wrong delivery, or a client file sent by mistake (the owner
 * always; a client their own, within the window of client-file-changes.ts). The row goes with its
 * log entry first, then the bytes (the caller deletes them after this commits): a row never points at bytes already gone, and if the store
 * fails, what is left is bytes nothing names. ZIPs and listings read rows, so the file is gone from them.
 */
export async function removeFileRow(
  db: Kysely<Database>,
  projectId: number,
  fileId: number,
  actor: Actor,
  now: Date,
): Promise<{ kind: 'removed'; objectKey: string } | FileChangeRefusal> {
  return db.transaction().execute(async (trx) => {
    const found = await fileToChange(trx, projectId, fileId, actor, now);
    if (found.kind !== 'ok') return found;
    // The delete's own count decides, not the read above: requests removing the same file at once
    // all read the row (PostgreSQL), and only the one whose delete took it logs and answers removed.
    const deleted = await trx.deleteFrom('projectFiles').where('id', '=', fileId).where('projectId', '=', projectId).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) return { kind: 'not-found' as const };
    await recordActivity(trx, projectId, actor, { action: 'file_removed', name: found.row.name }, now);
    await trx.updateTable('projects').set({ updatedAt: now.toISOString() }).where('id', '=', projectId).execute();
    return { kind: 'removed' as const, objectKey: found.row.objectKey };
  });
}
