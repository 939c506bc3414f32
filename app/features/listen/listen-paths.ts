import type { ReviewApi } from '#app/features/review/review-paths.ts';

/**
 * The review room's API paths for a review link's listener: everything hangs off the token. A listener
 * neither resolves threads nor decides, so those paths lead nowhere (nothing on the page calls them).
 */
export function listenApi(token: string, watermarked = false): ReviewApi {
  const base = `/api/listen/${token}`;
  const version = (versionId: number) => `${base}/versions/${versionId}`;
  return {
    // A link hears the listening copy only, never the original (decision 101).
    hears: 'listening-copy',
    track: `${base}/track`,
    // A link with the watermark on plays the watermarked copy, at its own address (decision 101).
    audio: (versionId) => `${version(versionId)}/${watermarked ? 'watermarked-audio' : 'audio'}`,
    comments: (versionId) => `${version(versionId)}/comments`,
    comment: (versionId, commentId) => `${version(versionId)}/comments/${commentId}`,
    resolve: (versionId, commentId) => `${version(versionId)}/comments/${commentId}`,
    approve: (versionId) => version(versionId),
    requestRevisions: (versionId) => version(versionId),
  };
}
