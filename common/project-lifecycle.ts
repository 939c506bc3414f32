/*
 * A project's life, in one place: the statuses it passes through, the groups of them that rules read
 * (who may upload, what counts as active or finished), and the moves the review room and a
 * delivery make by themselves. server/projects/move-project.ts is the one writer of a project's status and
 * reads its moves from here; the admin and the portal read the labels and groups.
 */

/**
 * The process page's steps, as a project moves through them (plus the two resting states after
 * delivery). `approved` is the client's yes with the masters still to come: delivered means the
 * files are there to download.
 */
export const PROJECT_STATUSES = [
  'awaiting_files',
  'in_progress',
  'in_review',
  'revisions',
  'approved',
  'delivered',
  'completed',
  'archived',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  awaiting_files: 'Awaiting files',
  in_progress: 'In progress',
  in_review: 'In review',
  revisions: 'Revisions',
  approved: 'Approved',
  delivered: 'Delivered',
  completed: 'Completed',
  archived: 'Archived',
};

/** Statuses before every track is approved: the review room may still move the project along. */
const UNDER_REVIEW: readonly ProjectStatus[] = ['awaiting_files', 'in_progress', 'in_review', 'revisions'];

/** A client may add files while the work is still open: approved too (a last reference for the master), until delivery. */
export const CLIENT_UPLOAD_STATUSES: readonly ProjectStatus[] = [...UNDER_REVIEW, 'approved'];

/** Statuses in which the studio still has work to do or is waiting on the client: the dashboard's "active". */
export const ACTIVE_PROJECT_STATUSES: readonly ProjectStatus[] = [...CLIENT_UPLOAD_STATUSES, 'delivered'];

/** Statuses after which the files' retention clock runs. */
export const FINISHED_STATUSES: readonly ProjectStatus[] = ['completed', 'archived'];

/** The steps the portal's stepper shows: the process up to completion (archived is a resting state, not a step). */
export const STEPPED_STATUSES: readonly ProjectStatus[] = PROJECT_STATUSES.filter((status) => status !== 'archived');

/**
 * The moves made without the studio choosing a status (by the review room, and by a delivery): each
 * applies only from the statuses listed, so a project the studio has moved on (delivered, completed) is not pulled back.
 */
export const AUTOMATIC_MOVES = {
  /** A new version to listen to (after an approval too: the new version waits for a decision again). */
  versionAdded: { from: ['awaiting_files', 'in_progress', 'revisions', 'approved'], to: 'in_review' },
  /** The client asked for another round. */
  revisionsRequested: { from: ['awaiting_files', 'in_progress', 'in_review'], to: 'revisions' },
  /** Every track approved: the masters are still to come, so not delivered yet. */
  allTracksApproved: { from: UNDER_REVIEW, to: 'approved' },
  /**
   * The studio added a delivery to an approved project. Only from approved: while a track still
   * waits for the client, a delivery is an early master, not the end of the review.
   */
  deliveryAdded: { from: ['approved'], to: 'delivered' },
} as const satisfies Record<string, { from: readonly ProjectStatus[]; to: ProjectStatus }>;
export type AutomaticMove = keyof typeof AUTOMATIC_MOVES;

/** A move: one made by itself, or a status the studio chose (any status to any other). */
export type ProjectMove = AutomaticMove | { chosen: ProjectStatus };

/** The status a move leads to from `current`, or null when the move does not apply (or changes nothing). */
export function statusAfter(current: ProjectStatus, move: ProjectMove): ProjectStatus | null {
  const to = typeof move === 'string' ? AUTOMATIC_MOVES[move].to : move.chosen;
  if (to === current) return null;
  if (typeof move === 'string' && !(AUTOMATIC_MOVES[move].from as readonly ProjectStatus[]).includes(current)) return null;
  return to;
}

export const isFinished = (status: ProjectStatus): boolean => FINISHED_STATUSES.includes(status);
