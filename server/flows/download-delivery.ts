import type { Readable } from 'node:stream';
import { can, type ProjectAccess } from '#common/collaborators.ts';
import type { CoreServices } from '#server/core-services.ts';
import { recordActivity, type Actor } from '#server/projects/activity.ts';
import type { StoredProjectFile } from '#server/projects/project-files.ts';
import type { ProjectsCapability } from '#server/projects/projects-capability.ts';
import { deliveryLock, heldByDeliveryLock, type DeliveryLockParts } from './delivery-lock.ts';

/*
 * One file of a project taken from the portal: which files the person may reach, whether the
 * delivery lock holds it, and the log entry that says it was downloaded. The caller has already
 * checked the person may download (the portal's guard); it streams what `ready` hands it.
 */

/** Someone signed in to the portal on a project, as the portal's guard found them. */
export interface PersonOnProject {
  projectId: number;
  access: ProjectAccess;
  /** How the log names them. */
  actor: Actor & { side: 'client' };
}

export interface FileDownloadRequest {
  fileId: number;
  /** A HEAD request asks about the file without taking it: not a download. */
  head: boolean;
  /** The Range header as sent: a resumed download (a range that does not start at 0) is the same download again. */
  range: string | undefined;
}

export type FileDownload =
  | { kind: 'not-found' }
  | { kind: 'locked'; amountDueCents: number; currency: string }
  | { kind: 'ready'; file: StoredProjectFile; read: (range?: { start: number; end: number }) => Promise<Readable> };

export type FileDownloadParts = Pick<CoreServices, 'db'> & { projects: Pick<ProjectsCapability, 'projectFiles'> } & DeliveryLockParts;

/** One download per request, not per resumed range of it; the same file again soon counts on its entry (decision 085). */
const startsADownload = ({ head, range }: FileDownloadRequest) => !head && (!range || /^bytes=0-/.test(range));

export async function downloadDelivery(
  parts: FileDownloadParts,
  person: PersonOnProject,
  request: FileDownloadRequest,
): Promise<FileDownload> {
  const { db } = parts;
  const { projectFiles } = parts.projects;
  const { projectId, access, actor } = person;
  // Someone who may download but is not the client reaches the deliveries only: the client's own files are not there for them.
  const side = can(access, 'manage') ? undefined : 'studio';
  const file = await projectFiles.storedFile(projectId, request.fileId, side);
  if (!file) return { kind: 'not-found' };
  if (heldByDeliveryLock(file.side)) {
    const lock = await deliveryLock(parts, projectId);
    if (lock.kind === 'locked') return lock;
  }
  if (startsADownload(request)) await recordActivity(db, projectId, actor, { action: 'file_downloaded', name: file.name, fileId: file.id });
  return { kind: 'ready', file, read: (byteRange) => projectFiles.read(file, byteRange) };
}
