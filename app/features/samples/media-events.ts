import { useEffect, type RefObject } from 'react';
import { claimPlayback, releasePlayback } from './playback-owner.ts';
import { createPlaySession } from './play-session.ts';
import { DEFAULT_VOLUME } from './player-constants.ts';

// Writes to the audio element go through these: it is the DOM's, changed in event handlers, never
// while rendering (React's compiler cannot tell that from a direct write on a ref's value).
export const setVolumeOf = (element: HTMLMediaElement, volume: number) => void (element.volume = volume);
export const seekTo = (element: HTMLMediaElement, seconds: number) => void (element.currentTime = seconds);

export interface MediaEventSetters {
  setPlaying: (playing: boolean) => void;
  setCurrentTime: (seconds: number) => void;
  setLearnedDuration: (update: (known: number | null) => number | null) => void;
  setFailure: (failure: 'error') => void;
}

/**
 * A player's playback state from its audio element itself, so it holds before and after the waveform
 * exists: playing or not, the time, a duration the metadata told, a load failure. One player plays at
 * a time (playback-owner.ts), and a play session counts a listen once (play-session.ts).
 */
export function useMediaEvents(
  media: RefObject<HTMLAudioElement | null>,
  playCounted: RefObject<(() => void) | undefined>,
  { setPlaying, setCurrentTime, setLearnedDuration, setFailure }: MediaEventSetters,
) {
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    setVolumeOf(element, DEFAULT_VOLUME);
    const session = createPlaySession(() => playCounted.current?.());
    const handle = { pause: () => element.pause() };
    const listeners: Partial<Record<keyof HTMLMediaElementEventMap, () => void>> = {
      play: () => {
        claimPlayback(handle);
        setPlaying(true);
      },
      pause: () => {
        session.interrupt();
        setPlaying(false);
      },
      timeupdate: () => {
        session.timeUpdate(element.currentTime, !element.paused);
        setCurrentTime(element.currentTime);
      },
      ended: () => {
        // Back to the start, so the next press plays from the beginning (and counts as a new play).
        session.finish();
        seekTo(element, 0);
        setPlaying(false);
        setCurrentTime(0);
      },
      loadedmetadata: () => {
        if (Number.isFinite(element.duration) && element.duration > 0) setLearnedDuration((known) => known ?? element.duration);
      },
      error: () => {
        if (!element.error || element.error.code === MediaError.MEDIA_ERR_ABORTED) return;
        console.warn(`Audio player could not load ${element.currentSrc}:`, element.error.message);
        setFailure('error');
      },
    };
    for (const [name, listener] of Object.entries(listeners)) element.addEventListener(name, listener);
    return () => {
      for (const [name, listener] of Object.entries(listeners)) element.removeEventListener(name, listener);
      releasePlayback(handle);
    };
  }, [media, playCounted, setPlaying, setCurrentTime, setLearnedDuration, setFailure]);
}
