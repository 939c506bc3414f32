import { describe, expect, it } from 'vitest';
import type { CommentView } from '#common/review.ts';
import { canChange, threadsOf } from './comment-threads.ts';

const comment = (
  id: number,
  atSeconds: number,
  parentId: number | null = null,
  createdAt = `2030-01-01T00:00:${String(id).padStart(2, '0')}Z`,
) =>
  ({
    id,
    versionId: 1,
    parentId,
    authorSide: 'client',
    authorKind: 'client',
    authorRole: null,
    authorName: 'Robin',
    atSeconds,
    endSeconds: null,
    body: `comment ${id}`,
    createdAt,
    editedAt: null,
    deleted: false,
    resolvedAt: null,
    resolvedByName: null,
    mine: false,
    editableUntil: null,
  }) satisfies CommentView;

describe('threadsOf', () => {
  it('orders threads by moment and replies by when they were written', () => {
    const threads = threadsOf([
      comment(1, 42),
      comment(2, 10),
      comment(3, 42, 2),
      comment(4, 10, 2, '2030-01-01T00:00:00Z'),
      comment(5, 10),
    ]);
    expect(threads.map((t) => t.comment.id)).toEqual([2, 5, 1]);
    expect(threads[0]!.replies.map((r) => r.id)).toEqual([4, 3]);
  });

  it('drops replies without their comment', () => {
    expect(threadsOf([comment(9, 3, 77)])).toEqual([]);
  });
});

describe('canChange', () => {
  it('is true for the author inside the window only', () => {
    const mine = { ...comment(1, 0), mine: true, editableUntil: '2030-01-01T00:10:00Z' };
    expect(canChange(mine, Date.parse('2030-01-01T00:09:59Z'))).toBe(true);
    expect(canChange(mine, Date.parse('2030-01-01T00:10:00Z'))).toBe(false);
    expect(canChange({ ...mine, mine: false }, 0)).toBe(false);
  });
});
