import type { Selectable } from 'kysely';
import { commentAuthorName } from '#common/review-links.ts';
import {
  COMMENT_EDIT_WINDOW_MS,
  type CommentAuthorKind,
  type CommentView,
  type RevisionRoundView,
  type TrackView,
  type VersionView,
} from '#common/review.ts';
import type { ProjectTracksTable, TrackVersionsTable, VersionCommentsTable } from '#server/db/schema.ts';

export type TrackRow = Selectable<ProjectTracksTable>;
export type VersionRow = Selectable<TrackVersionsTable>;
export type CommentRow = Selectable<VersionCommentsTable>;

export function toVersionView(row: VersionRow, openComments: number): VersionView {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    notes: row.notes,
    createdAt: row.createdAt,
    analysisState: row.analysisState as VersionView['analysisState'],
    durationSeconds: row.durationSeconds,
    loudnessLufs: row.loudnessLufs,
    truePeakDbtp: row.truePeakDbtp,
    loudnessRangeLu: row.loudnessRangeLu,
    peaks: row.peaks,
    openComments,
    removedAt: row.removedAt,
  };
}

/** A track's revision requests (oldest first) as numbered rounds. */
export function toRoundViews(
  rows: { versionId: number; number: number; summary: string; createdAt: string; requestedBy: string }[],
): RevisionRoundView[] {
  return rows.map((row, index) => ({
    round: index + 1,
    versionId: row.versionId,
    versionNumber: row.number,
    summary: row.summary,
    requestedAt: row.createdAt,
    // Stored as `client:{email}` (decisions.ts): people read the address.
    requestedBy: row.requestedBy.replace(/^client:/, ''),
  }));
}

export function toTrackView(
  row: TrackRow,
  versions: VersionView[],
  revisionRounds: RevisionRoundView[],
  revisionsIncluded: number | null,
): TrackView {
  return {
    id: row.id,
    title: row.title,
    state: row.state,
    approvedVersionId: row.approvedVersionId,
    revisionsUsed: revisionRounds.length,
    revisionsIncluded,
    versions,
    revisionRounds,
  };
}

/** How the author was on the project: the key says who (decision 082's `link:`, `admin:`), the stored role a collaborator. */
export function authorKindOf(row: Pick<CommentRow, 'authorKey' | 'authorRole'>): CommentAuthorKind {
  if (row.authorKey.startsWith('admin:')) return 'studio';
  if (row.authorKey.startsWith('link:')) return 'review-link';
  return row.authorRole ? 'collaborator' : 'client';
}

/** A comment as `viewer` sees it: theirs to edit within the window, a deleted one without its words. */
export function toCommentView(row: CommentRow, viewer: string, now = Date.now()): CommentView {
  const editableUntil = new Date(new Date(row.createdAt).getTime() + COMMENT_EDIT_WINDOW_MS);
  const mine = row.authorKey === viewer && row.deletedAt === null && editableUntil.getTime() > now;
  return {
    id: row.id,
    versionId: row.versionId,
    parentId: row.parentId,
    authorSide: row.authorSide,
    authorKind: authorKindOf(row),
    authorRole: row.authorRole,
    // A comment through a review link says so wherever it is shown, so the studio can tell (decision 082).
    authorName: commentAuthorName(row.authorKey, row.authorName),
    atSeconds: row.atSeconds,
    endSeconds: row.endSeconds,
    body: row.deletedAt ? '' : row.body,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
    deleted: row.deletedAt !== null,
    resolvedAt: row.resolvedAt,
    resolvedByName: row.resolvedByName,
    mine,
    editableUntil: mine ? editableUntil.toISOString() : null,
  };
}
