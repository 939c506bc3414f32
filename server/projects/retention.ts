import type { Kysely } from 'kysely';
import { RETENTION_WARNING_DAYS } from '#common/projects.ts';
import { claimDailyRun } from '#server/db/daily-task.ts';
import type { Database } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { recordActivity } from './activity.ts';
import { queueProjectEmail } from './project-emails.ts';
import { filesExpireAt } from './retention-dates.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const WARNING_MS = RETENTION_WARNING_DAYS * DAY_MS;
export const RETENTION_TASK = 'project-retention';
/** How often an instance asks whether today's run is still to do. */
const CHECK_INTERVAL_MS = 60 * 60 * 1000;

export interface RetentionDeps {
  db: Kysely<Database>;
  store: ObjectStore;
  logger: Logger;
  /** Called after e-mails were queued, so they go out now rather than at the next tick. */
  sendSoon: () => void;
}

export interface RetentionReport {
  warned: number;
  projectsCleared: number;
  filesRemoved: number;
}

/**
 * The policy's promise: a completed project's audio files are removed RETENTION_DAYS after completion
 * (or later, when the owner extended it), and a client with portal access is e-mailed a week before.
 * Removal waits until that e-mail has had its week, so a late warning (the site was down) still gives
 * the client seven days. Records, file rows and the activity log stay. Safe to run again: it works
 * from what is due, and deleting a deleted object is fine.
 */
export async function applyRetention(deps: RetentionDeps, now = new Date()): Promise<RetentionReport> {
  const { db, store } = deps;
  const report: RetentionReport = { warned: 0, projectsCleared: 0, filesRemoved: 0 };
  const candidates = await db
    .selectFrom('projects')
    .select(['id', 'completedAt', 'retainFilesUntil', 'retentionWarnedAt', 'invitedAt', 'accessRevokedAt'])
    .where('completedAt', 'is not', null)
    .where('filesRemovedAt', 'is', null)
    .execute();
  for (const project of candidates) {
    const expires = new Date(filesExpireAt(project)!).getTime();
    const clientCanBeTold = project.invitedAt !== null && project.accessRevokedAt === null;
    if (clientCanBeTold && !project.retentionWarnedAt && now.getTime() >= expires - WARNING_MS) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('projects').set({ retentionWarnedAt: now.toISOString() }).where('id', '=', project.id).execute();
        await queueProjectEmail(trx, project.id, 'retention_warning', now);
      });
      report.warned += 1;
      continue;
    }
    const warnedLongEnough =
      !clientCanBeTold ||
      (project.retentionWarnedAt !== null && now.getTime() - new Date(project.retentionWarnedAt).getTime() >= WARNING_MS);
    if (now.getTime() < expires || !warnedLongEnough) continue;
    const files = await db
      .selectFrom('projectFiles')
      .select(['id', 'objectKey'])
      .where('projectId', '=', project.id)
      .where('removedAt', 'is', null)
      .execute();
    // Bytes first, then the rows that say they are gone: a crash in between leaves rows to retry, never a row pointing at nothing.
    for (const file of files) {
      await store.delete(file.objectKey);
      await db.updateTable('projectFiles').set({ removedAt: now.toISOString() }).where('id', '=', file.id).execute();
    }
    // The review room's versions are audio of the project too; their measurements and comments stay.
    const versions = await db
      .selectFrom('trackVersions')
      .select(['id', 'objectKey', 'streamKey', 'watermarkKey'])
      .where('projectId', '=', project.id)
      .where('removedAt', 'is', null)
      .execute();
    for (const version of versions) {
      await store.delete(version.objectKey);
      // Its listening copy (decision 101) is the same audio: it goes with it.
      if (version.streamKey) await store.delete(version.streamKey);
      if (version.watermarkKey) await store.delete(version.watermarkKey);
      await db
        .updateTable('trackVersions')
        .set({
          removedAt: now.toISOString(),
          ...{
            streamKey: null,
            streamSize: null,
            streamBitrateKbps: null,
            watermarkKey: null,
            watermarkSize: null,
            watermarkSignature: null,
          },
        })
        .where('id', '=', version.id)
        .execute();
    }
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('projects').set({ filesRemovedAt: now.toISOString() }).where('id', '=', project.id).execute();
      await recordActivity(trx, project.id, { side: 'system' }, { action: 'files_removed', files: files.length + versions.length }, now);
    });
    report.projectsCleared += 1;
    report.filesRemoved += files.length + versions.length;
  }
  if (report.warned > 0) deps.sendSoon();
  return report;
}

/** Runs today's retention if this instance is the one that claims it; null when another instance has (or had) it. */
export async function runDailyRetention(deps: RetentionDeps, now = new Date()): Promise<RetentionReport | null> {
  if (!(await claimDailyRun(deps.db, RETENTION_TASK, now))) return null;
  const report = await applyRetention(deps, now);
  deps.logger.info(report, 'project retention applied');
  return report;
}

/** Start-up and hourly: the first instance to ask each UTC day runs it. */
export function startRetention(deps: RetentionDeps): NodeJS.Timeout {
  const tick = () => void runDailyRetention(deps).catch((error: unknown) => deps.logger.error({ err: error }, 'project retention failed'));
  tick();
  const timer = setInterval(tick, CHECK_INTERVAL_MS);
  timer.unref();
  return timer;
}
