import type { DatabaseServices } from '#server/core-services.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import type { ProjectsCapability } from './projects-capability.ts';
import { pruneClientAccess } from './client-sessions.ts';
import { startRetention } from './retention.ts';
import { pruneAccessLog } from './review-links/access-log.ts';

const HOURLY_MS = 60 * 60 * 1000;

/**
 * Client projects' background work: e-mails (now, every minute, and whenever one is queued), files a
 * restart left unprocessed, the daily retention run, and hourly housekeeping of abandoned project
 * uploads, expired client sessions and links, and review links' access log past 180 days. Answers the timers for shutdown.
 */
export async function startProjectTasks(
  services: DatabaseServices & { store: ObjectStore } & {
    projects: Pick<ProjectsCapability, 'projectFiles' | 'projectFileProcessing' | 'projectEmails'>;
  },
): Promise<NodeJS.Timeout[]> {
  const { db, store, logger } = services;
  const { projectFiles, projectFileProcessing, projectEmails } = services.projects;
  const timers = [projectEmails.start()];
  await projectFileProcessing.scheduleBacklog();
  timers.push(startRetention({ db, store, logger, sendSoon: () => projectEmails.sendSoon() }));
  const housekeeping = async () => {
    try {
      const abandoned = await projectFiles.removeAbandoned();
      if (abandoned > 0) logger.info({ abandoned }, 'abandoned project uploads removed');
      await pruneClientAccess(db);
      await pruneAccessLog(db);
    } catch (error) {
      logger.error({ err: error }, 'project housekeeping failed');
    }
  };
  void housekeeping();
  const timer = setInterval(() => void housekeeping(), HOURLY_MS);
  timer.unref();
  timers.push(timer);
  return timers;
}
