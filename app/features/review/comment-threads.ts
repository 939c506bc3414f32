import type { CommentView } from '#common/review.ts';

export interface CommentThread {
  comment: CommentView;
  replies: CommentView[];
}

/**
 * Threads in the order of the song: by moment, then by when they were written; replies under their
 * comment in the order they were written. A reply whose comment is not in the list is dropped.
 */
export function threadsOf(comments: CommentView[]): CommentThread[] {
  const byTime = (a: CommentView, b: CommentView) => a.atSeconds - b.atSeconds || a.createdAt.localeCompare(b.createdAt) || a.id - b.id;
  const byWritten = (a: CommentView, b: CommentView) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id;
  const threads = new Map<number, CommentThread>();
  for (const comment of [...comments].filter((c) => c.parentId === null).sort(byTime)) threads.set(comment.id, { comment, replies: [] });
  for (const reply of [...comments].filter((c) => c.parentId !== null).sort(byWritten)) threads.get(reply.parentId!)?.replies.push(reply);
  return [...threads.values()];
}

/** Whether the author may still change it: theirs, and inside the edit window at `now`. */
export const canChange = (comment: CommentView, now: number) =>
  comment.mine && comment.editableUntil !== null && new Date(comment.editableUntil).getTime() > now;
