import { RETENTION_DAYS } from '#common/projects.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a completed project's audio files are removed: RETENTION_DAYS after completion, or at the end
 * of the day the owner chose to keep them until, whichever is later. Null while not completed.
 */
export function filesExpireAt(project: { completedAt: string | null; retainFilesUntil: string | null }): string | null {
  if (!project.completedAt) return null;
  const automatic = new Date(project.completedAt).getTime() + RETENTION_DAYS * DAY_MS;
  const kept = project.retainFilesUntil ? new Date(`${project.retainFilesUntil}T23:59:59.999Z`).getTime() : 0;
  return new Date(Math.max(automatic, kept)).toISOString();
}

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export const dayOf = (iso: string): string => iso.slice(0, 10);
