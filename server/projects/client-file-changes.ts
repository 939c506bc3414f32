import type { ProjectStatus } from '#common/project-lifecycle.ts';

/*
 * When a client may still fix a file they sent (another category, or take it out): the one rule
 * the portal's API enforces and the portal's `canChange` flag shows. The owner may always.
 */

/** A file stays the client's to change this long after its upload, once the studio has started. */
export const CLIENT_FILE_CHANGE_MS = 24 * 60 * 60 * 1000;

/** Why the API refuses a change outside that window (403): the rule, and who can still do it. */
export const CLIENT_FILE_CHANGE_CLOSED =
  'Files can be changed for a day after upload, or until the studio starts work. Ask the studio to change this one.';

/** The facts the rule reads: the file's side and age, whether retention took it, and where the project stands. */
export interface ChangeableFile {
  side: 'client' | 'studio';
  createdAt: string;
  removedAt: string | null;
}

/**
 * A client file is the client's to change while the studio has not started (the project still
 * awaits files), or within a day of its upload: after that the studio may be working from it.
 * Deliveries are the studio's; a file retention removed has nothing left to change.
 */
export function clientMayChangeFile(file: ChangeableFile, status: ProjectStatus, now = new Date()): boolean {
  if (file.side !== 'client' || file.removedAt !== null) return false;
  if (status === 'awaiting_files') return true;
  return now.getTime() - Date.parse(file.createdAt) < CLIENT_FILE_CHANGE_MS;
}
