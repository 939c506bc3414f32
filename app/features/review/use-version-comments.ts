import { useCallback, useEffect, useRef, useState } from 'react';
import type { VersionComments } from '#common/review.ts';
import { api } from '#app/lib/api.ts';
import type { ReviewApi } from './review-paths.ts';

/** How often the open versions' comments are read again while the tab is seen (the other side may be writing). */
export const COMMENTS_POLL_MS = 20_000;

export interface CommentsStore {
  /** The comments of a version, or undefined until read. */
  of(versionId: number): VersionComments | undefined;
  /** A version whose comments could not be read, with why. */
  failure(versionId: number): string | null;
  /** What the server answered after a change (a post, an edit, a resolve): it replaces what is shown. */
  apply(versionId: number, comments: VersionComments): void;
  reload(versionId: number): Promise<void>;
}

/**
 * The comments of the versions on screen (both sides of the A/B pair, so a switch shows them at once),
 * each read once when it first appears, again every little while when the page is visible, and
 * whenever the tab comes back into view.
 */
export function useVersionComments(paths: ReviewApi, versionIds: number[]): CommentsStore {
  const [byVersion, setByVersion] = useState<Map<number, VersionComments>>(() => new Map());
  const [failures, setFailures] = useState<Map<number, string>>(() => new Map());
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const apply = useCallback((versionId: number, comments: VersionComments) => {
    if (!live.current) return;
    setByVersion((current) => new Map(current).set(versionId, comments));
    setFailures((current) => {
      if (!current.has(versionId)) return current;
      const next = new Map(current);
      next.delete(versionId);
      return next;
    });
  }, []);

  const reload = useCallback(
    async (versionId: number) => {
      const result = await api<VersionComments>('GET', paths.comments(versionId));
      if (result.ok) apply(versionId, result.data);
      else if (live.current) setFailures((current) => new Map(current).set(versionId, result.serverMessage ?? result.message));
    },
    [paths, apply],
  );

  const key = versionIds.join(',');
  useEffect(() => {
    const ids = key ? key.split(',').map(Number) : [];
    for (const id of ids) void reload(id);
    const again = () => {
      if (document.visibilityState === 'visible') for (const id of ids) void reload(id);
    };
    const timer = setInterval(again, COMMENTS_POLL_MS);
    document.addEventListener('visibilitychange', again);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', again);
    };
  }, [key, reload]);

  return {
    of: (versionId) => byVersion.get(versionId),
    failure: (versionId) => failures.get(versionId) ?? null,
    apply,
    reload,
  };
}
