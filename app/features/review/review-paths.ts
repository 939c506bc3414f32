// Where each side of the review room lives: the client's portal and the studio's admin share every
// screen, and differ in the API prefix, the pages' addresses and what they may do.

export type ReviewSide = 'portal' | 'manage';

const API_PREFIX: Record<ReviewSide, string> = { portal: '/api/portal/projects', manage: '/api/admin/projects' };

export const projectPagePath = (side: ReviewSide, projectId: number) => `/${side}/projects/${projectId}`;

/**
 * The review room of a track, optionally opened at a version (its number on the track, as people
 * read it: `?version=2` is "version 2") and a moment, as the e-mails link to it.
 */
export function reviewRoomPath(side: ReviewSide, projectId: number, trackId: number, at?: { versionNumber?: number; seconds?: number }) {
  const query = new URLSearchParams();
  if (at?.versionNumber !== undefined) query.set('version', String(at.versionNumber));
  if (at?.seconds !== undefined) query.set('t', String(Math.round(at.seconds * 10) / 10));
  const search = query.toString();
  return `${projectPagePath(side, projectId)}/review/${trackId}${search ? `?${search}` : ''}`;
}

/** The API paths of one track of a project, for the side that calls them. */
export function reviewApi(side: ReviewSide, projectId: number, trackId: number) {
  const project = `${API_PREFIX[side]}/${projectId}`;
  const version = (versionId: number) => `${project}/tracks/${trackId}/versions/${versionId}`;
  return {
    /** Admin: the track itself; portal: the project, whose `tracks` hold it (there is no single-track read). */
    track: side === 'manage' ? `${project}/tracks/${trackId}` : project,
    audio: (versionId: number) => `${version(versionId)}/audio`,
    comments: (versionId: number) => `${version(versionId)}/comments`,
    comment: (versionId: number, commentId: number) => `${version(versionId)}/comments/${commentId}`,
    resolve: (versionId: number, commentId: number, resolved: boolean) =>
      `${version(versionId)}/comments/${commentId}/${resolved ? 'resolve' : 'reopen'}`,
    approve: (versionId: number) => `${version(versionId)}/approve`,
    requestRevisions: (versionId: number) => `${version(versionId)}/request-revisions`,
  };
}

export type ReviewApi = ReturnType<typeof reviewApi>;

/** `?version=…&t=…` of a review room address: the version (by number) to open first and the moment to start at. */
export function readReviewQuery(search: URLSearchParams): { versionNumber: number | null; seconds: number | null } {
  const version = search.get('version') ?? '';
  const t = search.get('t') ?? '';
  const seconds = /^\d{1,6}(\.\d{1,3})?$/.test(t) ? Number(t) : null;
  return { versionNumber: /^[1-9]\d{0,5}$/.test(version) ? Number(version) : null, seconds };
}
