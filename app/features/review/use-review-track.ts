import { useCallback, useEffect, useRef, useState } from 'react';
import type { TrackView } from '#common/review.ts';
import { api } from '#app/lib/api.ts';
import type { ReviewApi, ReviewSide } from './review-paths.ts';

/** How often the track is read again while one of its versions is being measured. */
export const ANALYSIS_POLL_MS = 3000;
/** And otherwise, while the page is seen: a version the studio uploads meanwhile shows up. */
export const TRACK_POLL_MS = 30_000;

/**
 * The track as the room shows it: from the loader first, then from the API (the portal reads the
 * project, whose `tracks` hold it; the admin reads the track), after a decision and every little while.
 */
export function useReviewTrack(side: ReviewSide, paths: ReviewApi, initial: TrackView) {
  const [track, setTrack] = useState(initial);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const reload = useCallback(async () => {
    const result = await api<TrackView | { tracks: TrackView[] }>('GET', paths.track);
    if (!result.ok || !live.current) return;
    const next =
      side === 'manage' ? (result.data as TrackView) : (result.data as { tracks: TrackView[] }).tracks.find((t) => t.id === initial.id);
    if (next) setTrack(next);
  }, [side, paths, initial.id]);

  const pending = track.versions.some((version) => version.analysisState === 'pending');
  useEffect(() => {
    const timer = setInterval(
      () => {
        if (document.visibilityState === 'visible') void reload();
      },
      pending ? ANALYSIS_POLL_MS : TRACK_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [pending, reload]);

  return { track, setTrack, reload };
}
