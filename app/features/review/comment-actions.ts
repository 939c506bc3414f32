import { useMemo } from 'react';
import type { VersionComments } from '#common/review.ts';
import { api, type ApiFailure } from '#app/lib/api.ts';
import type { ReviewApi } from './review-paths.ts';

/** What a failed change says next to its form: the server's own words (400, 403, 409, 429), or a plain fallback. */
export function failureText(result: ApiFailure): string {
  if (result.serverMessage) return result.serverMessage;
  if (result.status === 0) return 'No connection: check your network and try again.';
  return 'That did not work. Please try again in a moment.';
}

export interface NewComment {
  atSeconds?: number;
  endSeconds?: number | null;
  parentId?: number;
  body: string;
}

/** Null when done, otherwise the message to show. */
export type ActionResult = Promise<string | null>;

export interface CommentActions {
  post(versionId: number, comment: NewComment): Promise<{ error: string } | { id: number }>;
  edit(versionId: number, commentId: number, body: string): ActionResult;
  remove(versionId: number, commentId: number): ActionResult;
  setResolved(versionId: number, commentId: number, resolved: boolean): ActionResult;
}

/** The comment calls of the review room; every answer carries the version's comments, which replace what is shown. */
export function useCommentActions(paths: ReviewApi, apply: (versionId: number, comments: VersionComments) => void): CommentActions {
  return useMemo(() => {
    const change = async (versionId: number, request: Promise<Awaited<ReturnType<typeof api<VersionComments>>>>) => {
      const result = await request;
      if (!result.ok) return failureText(result);
      apply(versionId, result.data);
      return null;
    };
    return {
      async post(versionId, comment) {
        const result = await api<VersionComments & { id: number }>('POST', paths.comments(versionId), comment);
        if (!result.ok) return { error: failureText(result) };
        const { id, ...comments } = result.data;
        apply(versionId, comments);
        return { id };
      },
      edit: (versionId, commentId, body) => change(versionId, api('PATCH', paths.comment(versionId, commentId), { body })),
      remove: (versionId, commentId) => change(versionId, api('DELETE', paths.comment(versionId, commentId))),
      setResolved: (versionId, commentId, resolved) => change(versionId, api('POST', paths.resolve(versionId, commentId, resolved))),
    };
  }, [paths, apply]);
}
