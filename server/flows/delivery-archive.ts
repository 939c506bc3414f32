import type { Readable } from 'node:stream';
import type { CoreServices } from '#server/core-services.ts';
import { recordActivity } from '#server/projects/activity.ts';
import type { StoredProjectFile } from '#server/projects/project-files.ts';
import type { ProjectsCapability } from '#server/projects/projects-capability.ts';
import { deliveryLock, type DeliveryLockParts } from './delivery-lock.ts';
import type { PersonOnProject } from './download-delivery.ts';

/*
 * Every delivery of a project as one ZIP, taken from the portal: refused while the delivery lock
 * holds, logged once the store has answered (a download refused with 503 is not one). The caller
 * has already checked the person may download, and writes the ZIP from what `ready` hands it.
 */

export interface DeliveryArchiveReady {
  kind: 'ready';
  /** The project's title: what the ZIP is saved as, with `suffix`. */
  title: string;
  suffix: 'deliveries';
  files: StoredProjectFile[];
  read: (file: StoredProjectFile) => Promise<Readable>;
  /** Runs once the store has answered for the first file: writes the log entry. */
  started: () => Promise<void>;
}

export type DeliveryArchive = { kind: 'not-found' } | { kind: 'locked'; amountDueCents: number; currency: string } | DeliveryArchiveReady;

export type DeliveryArchiveParts = Pick<CoreServices, 'db'> & {
  projects: Pick<ProjectsCapability, 'records' | 'projectFiles'>;
} & DeliveryLockParts;

export async function deliveryArchive(
  parts: DeliveryArchiveParts,
  person: PersonOnProject,
  request: { /** A HEAD request asks about the ZIP without taking it: not a download. */ head: boolean },
): Promise<DeliveryArchive> {
  const { db } = parts;
  const { records: projects, projectFiles } = parts.projects;
  const { projectId, actor } = person;
  const lock = await deliveryLock(parts, projectId);
  if (lock.kind === 'locked') return lock;
  const project = await projects.clientView(actor.email, projectId);
  if (!project) return { kind: 'not-found' };
  const files = await projectFiles.storedFiles(projectId, 'studio');
  return {
    kind: 'ready',
    title: project.title,
    suffix: 'deliveries',
    files,
    read: (file) => projectFiles.read(file),
    started: async () => {
      if (!request.head) await recordActivity(db, projectId, actor, { action: 'zip_downloaded', files: files.length, side: 'studio' });
    },
  };
}
