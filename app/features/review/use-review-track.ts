import { useCallback, useEffect, useRef, useState } from 'react';
import type { TrackView } from '#common/review.ts';
import { api } from '#app/lib/api.ts';
import type { ReviewApi } from './review-paths.ts';
import { preparingHere } from './versions.ts';

/** How often the track is read again while one of its versions is being measured or its listening copy made. */
export const ANALYSIS_POLL_MS = 3000;
/** And otherwise, while the page is seen: a version the studio uploads meanwhile shows up. */
export const TRACK_POLL_MS = 30_000;

/**
 * The track as the room shows it: from the loader first, then from the API (the portal reads the
 * project, whose `tracks` hold it; the admin and a review link read the track), after a decision and
 * every little while: a version being prepared starts playing without a reload.
 */
export function useReviewTrack(paths: ReviewApi, initial: TrackView) {
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
    const next = 'tracks' in result.data ? result.data.tracks.find((t) => t.id === initial.id) : result.data;
    if (next) setTrack(next);
  }, [paths, initial.id]);

  const pending = track.versions.some((version) => preparingHere(version, paths.hears));
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
