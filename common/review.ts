import { COLLABORATOR_ROLE_LABELS, type CollaboratorRole } from './collaborators.ts';
import { line, paragraphs } from './site-content/fields.ts';
import { recordIdSchema } from './record-id.ts';
import { safeText } from './text.ts';
import { z } from './zod.ts';

/*
 * The review room: versions of each track, comments pinned to a moment of a version, approval and
 * revision rounds. Shared by the admin, the portal and the server; the shapes below are what the
 * project views carry in `tracks` and what the comment routes answer.
 */

export const COMMENT_MAX_LENGTH = 2000;
/** An author may change or remove their own comment this long after writing it. */
export const COMMENT_EDIT_WINDOW_MS = 10 * 60 * 1000;
/**
 * Versions uploaded within this long of each other make one e-mail to the client; comments likewise.
 * Short, and any later event on the project sends a waiting batch at once (docs/decisions/077).
 */
export const REVIEW_EMAIL_BATCH_MS = 2 * 60 * 1000;

export const TRACK_STATES = ['awaiting_version', 'in_review', 'revisions_requested', 'approved'] as const;
export type TrackState = (typeof TRACK_STATES)[number];
export const TRACK_STATE_LABELS: Record<TrackState, string> = {
  awaiting_version: 'Waiting for the first mix',
  in_review: 'In review',
  revisions_requested: 'Revisions requested',
  approved: 'Approved',
};

export const createTrackSchema = z.strictObject({ title: line('Title', 120) });

export const createVersionSchema = z.strictObject({
  objectPath: safeText(z.string({ error: 'objectPath is required' }), 'objectPath')
    .min(1, 'objectPath is required')
    .max(1024),
  notes: paragraphs('Release notes', 2000, { min: 0 }).default(''),
});

const seconds = (label: string) =>
  z
    .number({ error: `${label} must be a number of seconds` })
    .finite(`${label} must be a number of seconds`)
    .min(0, `${label} must not be negative`);

const commentBody = safeText(z.string({ error: 'Write a comment' }), 'Comment', { multiline: true })
  .trim()
  .min(1, 'Write a comment')
  .max(COMMENT_MAX_LENGTH, `A comment holds at most ${COMMENT_MAX_LENGTH} characters`);

/** A new comment at a moment (or a range), or a reply to a thread (`parentId`, which takes the thread's moment). */
export const createCommentSchema = z
  .strictObject({
    atSeconds: seconds('atSeconds').optional(),
    endSeconds: seconds('endSeconds').nullable().optional(),
    body: commentBody,
    parentId: recordIdSchema('parentId must be a comment id').nullable().optional(),
  })
  .refine((value) => value.parentId || value.atSeconds !== undefined, { error: 'atSeconds is required', path: ['atSeconds'] })
  .refine(
    (value) =>
      value.endSeconds === undefined || value.endSeconds === null || value.atSeconds === undefined || value.endSeconds > value.atSeconds,
    {
      error: 'The range must end after it starts',
      path: ['endSeconds'],
    },
  );
export type CreateCommentInput = z.output<typeof createCommentSchema>;

export const editCommentSchema = z.strictObject({ body: commentBody });

export const requestRevisionsSchema = z.strictObject({
  summary: paragraphs('Summary', 4000).refine((value) => value.length > 0, 'Say what should change'),
});

export interface VersionView {
  id: number;
  number: number;
  name: string;
  notes: string;
  createdAt: string;
  analysisState: 'pending' | 'done' | 'failed';
  durationSeconds: number | null;
  /** Integrated loudness (LUFS): what the player's level matching reads. */
  loudnessLufs: number | null;
  truePeakDbtp: number | null;
  loudnessRangeLu: number | null;
  /** Waveform peaks, encoded (common/peaks.ts); null until analysed. */
  peaks: string | null;
  openComments: number;
  removedAt: string | null;
}

export interface TrackView {
  id: number;
  title: string;
  state: TrackState;
  approvedVersionId: number | null;
  /** Revision rounds asked for on this track. */
  revisionsUsed: number;
  /** From the project's package; null means unlimited. */
  revisionsIncluded: number | null;
  versions: VersionView[];
  /** Every revision round asked for on this track, oldest first, each beside the version it asked about. */
  revisionRounds: RevisionRoundView[];
}

export interface RevisionRoundView {
  /** 1 for the first round on the track. */
  round: number;
  versionId: number;
  versionNumber: number;
  summary: string;
  requestedAt: string;
  /** Who asked: the client's e-mail address, or "studio" when the studio recorded it. */
  requestedBy: string;
}

/**
 * How a comment's author is on the project (issue 41): the studio, the project's client, a
 * collaborator (with the role they had when they wrote it), or a listener of a review link (who signs
 * with the name they gave). `authorSide` stays the side of the conversation: all but the studio are `client`.
 */
export type CommentAuthorKind = 'studio' | 'client' | 'collaborator' | 'review-link';

const AUTHOR_KIND_LABELS: Record<CommentAuthorKind, string> = {
  studio: 'Studio',
  client: 'Client',
  collaborator: 'Collaborator',
  'review-link': 'Review link',
};

/** The badge beside a comment's author: who they are on the project, a collaborator with their role. */
export function commentAuthorLabel(comment: Pick<CommentView, 'authorKind' | 'authorRole'>): string {
  const kind = AUTHOR_KIND_LABELS[comment.authorKind];
  return comment.authorKind === 'collaborator' && comment.authorRole ? `${kind} · ${COLLABORATOR_ROLE_LABELS[comment.authorRole]}` : kind;
}

export interface CommentView {
  id: number;
  versionId: number;
  parentId: number | null;
  authorSide: 'client' | 'studio';
  authorKind: CommentAuthorKind;
  /** A collaborator's role when they wrote it; null for every other kind. */
  authorRole: CollaboratorRole | null;
  authorName: string | null;
  atSeconds: number;
  endSeconds: number | null;
  /** Empty once deleted (the thread keeps its place). */
  body: string;
  createdAt: string;
  editedAt: string | null;
  deleted: boolean;
  resolvedAt: string | null;
  resolvedByName: string | null;
  /** The caller wrote it and may still change it (until `editableUntil`). */
  mine: boolean;
  editableUntil: string | null;
}

/** GET …/versions/{versionId}/comments. */
export interface VersionComments {
  comments: CommentView[];
  /** Open threads of the previous version, listed to check against this one. */
  toCheck: CommentView[];
}

/** What approve and request-revisions answer. */
export interface ReviewDecision {
  track: TrackView;
  revisionsUsed: number;
  revisionsIncluded: number | null;
  /** True when this round went past the package's included rounds (billed as the studio states). */
  beyondIncluded: boolean;
  projectStatus: string;
}
