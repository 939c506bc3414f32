import type { CollaboratorRole } from '#common/collaborators.ts';
import type { TrackState } from '#common/review.ts';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './timestamp.ts';

/** A song of a project in the review room. */
export interface ProjectTracksTable {
  id: Generated<number>;
  projectId: number;
  title: string;
  state: ColumnType<TrackState, TrackState | undefined, TrackState>;
  approvedVersionId: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** One mix or master of a track; its measurements are null until analysed. */
export interface TrackVersionsTable {
  id: Generated<number>;
  trackId: number;
  projectId: number;
  number: number;
  name: string;
  notes: Generated<string>;
  objectKey: string;
  size: number;
  analysisState: Generated<string>;
  format: string | null;
  durationSeconds: number | null;
  loudnessLufs: number | null;
  truePeakDbtp: number | null;
  loudnessRangeLu: number | null;
  /** Encoded (common/peaks.ts). */
  peaks: string | null;
  processingUntil: string | null;
  uploadedBy: string;
  removedAt: string | null;
  createdAt: Timestamp;
}

export interface VersionCommentsTable {
  id: Generated<number>;
  versionId: number;
  /** The thread's first comment; null for a thread's first comment itself. */
  parentId: number | null;
  authorSide: 'client' | 'studio';
  /** `client:{email}`, `admin:{id}` or `link:{linkId}:{listener}`: who may edit it. */
  authorKey: string;
  authorName: string | null;
  /** A collaborator's role when they wrote it; null for the client, the studio and a review link's listener. */
  authorRole: CollaboratorRole | null;
  atSeconds: number;
  endSeconds: number | null;
  body: string;
  resolvedAt: string | null;
  resolvedByName: string | null;
  editedAt: string | null;
  deletedAt: string | null;
  createdAt: Timestamp;
}

export interface RevisionRequestsTable {
  id: Generated<number>;
  trackId: number;
  versionId: number;
  summary: string;
  requestedBy: string;
  createdAt: Timestamp;
}

/** A link the studio shares so someone can listen to one track and comment (decision 082). */
export interface ReviewLinksTable {
  id: Generated<number>;
  projectId: number;
  trackId: number;
  /** SHA-256 of the link's token: the link itself is never stored. */
  tokenHash: string;
  /** argon2id, as the admin accounts' passwords; null when the link needs none. */
  passwordHash: string | null;
  /** Null: until revoked. */
  expiresAt: string | null;
  revokedAt: string | null;
  /** `admin:{id}` */
  createdBy: string;
  opens: Generated<number>;
  lastOpenedAt: string | null;
  createdAt: Timestamp;
}

export type ReviewLinkEvent = 'opened' | 'password_failed' | 'streamed' | 'commented';

/** One use of a review link; the address is shortened (decision 082). */
export interface ReviewLinkAccessesTable {
  id: Generated<number>;
  linkId: number;
  event: ReviewLinkEvent;
  ip: string;
  userAgent: string;
  at: Timestamp;
}

/** The review room: a project's tracks, their versions, comments and shared links (server/projects). */
export interface ReviewTables {
  projectTracks: ProjectTracksTable;
  trackVersions: TrackVersionsTable;
  versionComments: VersionCommentsTable;
  revisionRequests: RevisionRequestsTable;
  reviewLinks: ReviewLinksTable;
  reviewLinkAccesses: ReviewLinkAccessesTable;
}
