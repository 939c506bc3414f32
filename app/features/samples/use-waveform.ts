import { accentColours } from '#app/lib/accent-colours.ts';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { decodePeaks, type EncodedPeaks } from '#common/peaks.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { inIdleTime, loadWaveSurfer, whenNearViewport } from './draw-schedule.ts';
import { seekTo, setVolumeOf, useMediaEvents } from './media-events.ts';
import { BAR_GAP, BAR_WIDTH, DECODE_SAMPLE_RATE } from './player-constants.ts';

export type PlayerStatus = 'loading' | 'ready' | 'error' | 'inaccessible';

interface WaveformOptions {
  container: RefObject<HTMLDivElement | null>;
  media: RefObject<HTMLAudioElement | null>;
  peaks: EncodedPeaks | null;
  durationSeconds: number | null;
  height: number;
  /** Called once per play session after PLAY_COUNT_THRESHOLD_SECONDS of listening (play-session.ts). */
  onPlayCounted?: () => void;
}

/** A pause before playback began (another player took over, or the browser wants a gesture) is no failure. */
const isHarmlessPlayRefusal = (error: unknown) =>
  error instanceof DOMException && (error.name === 'AbortError' || error.name === 'NotAllowedError');

/**
 * Drives one player: its own <audio preload="none"> plays (nothing is fetched before play), and
 * wavesurfer.js only draws the waveform on it and seeks where it is clicked.
 *
 * - The player is ready as soon as the script runs and the duration is known (the server's analysis
 *   gives it); playing never waits for the waveform.
 * - The waveform is drawn when the player comes near the viewport, in idle time (draw-schedule.ts),
 *   from the stored peaks, decoded only then. A press before that draws it at once.
 * - Without stored analysis, wavesurfer decodes the file in the browser, and the player is ready
 *   when it has (or when the audio itself has told its duration).
 */
export function useWaveform({ container, media, peaks, durationSeconds, height, onPlayCounted }: WaveformOptions) {
  const hydrated = useHydrated();
  const surfer = useRef<WaveSurfer | null>(null);
  const drawNow = useRef<() => void>(() => {});
  const [failure, setFailure] = useState<'error' | 'inaccessible' | null>(null);
  /** The duration the browser found itself (wavesurfer's decode or the audio's metadata). */
  const [learnedDuration, setLearnedDuration] = useState<number | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const accessChecked = useRef(false);
  // Read through refs: a revalidated loader hands over equal but new values, and a new callback,
  // neither of which may tear down a player that is playing.
  const analysis = useRef({ peaks, durationSeconds });
  const playCounted = useRef(onPlayCounted);
  useEffect(() => {
    analysis.current = { peaks, durationSeconds };
    playCounted.current = onPlayCounted;
  }, [peaks, durationSeconds, onPlayCounted]);

  const duration = learnedDuration ?? durationSeconds ?? 0;
  const status: PlayerStatus = failure ?? (hydrated && duration > 0 ? 'ready' : 'loading');

  // Playback state comes from the audio element itself, so it holds before and after the waveform exists.
  useMediaEvents(media, playCounted, { setPlaying, setCurrentTime, setLearnedDuration, setFailure });

  // The waveform: drawn near the viewport in idle time, or at once on a press.
  useEffect(() => {
    const target = container.current;
    const element = media.current;
    if (!target || !element) return;
    let cancelled = false;
    let instance: WaveSurfer | null = null;
    let cancelIdle = () => {};
    let stopWatching = () => {};

    const draw = (WaveSurferClass: typeof WaveSurfer) => {
      if (cancelled || instance) return;
      const stored = analysis.current;
      instance = createSurfer(WaveSurferClass, target, element, stored, height);
      surfer.current = instance;
      instance.on('ready', (total) => {
        if (cancelled) return;
        if (!stored.durationSeconds && total > 0) setLearnedDuration(total);
        setDrawn(true);
      });
      instance.on('error', (error) => {
        if (cancelled || error.name === 'AbortError') return;
        console.warn(`Audio player could not load ${element.src}:`, error);
        setFailure('error');
      });
    };

    const start = (now: boolean) => {
      stopWatching();
      void loadWaveSurfer().then(
        ({ default: WaveSurferClass }) => {
          if (cancelled) return;
          if (now) draw(WaveSurferClass);
          else cancelIdle = inIdleTime(() => draw(WaveSurferClass));
        },
        (error: unknown) => {
          console.warn('Audio player could not load its waveform:', error);
          // Playing needs no waveform, but without a known duration there is nothing left to play with.
          if (!cancelled && !analysis.current.durationSeconds) setFailure('error');
        },
      );
    };
    stopWatching = whenNearViewport(target, () => start(false));
    drawNow.current = () => start(true);

    return () => {
      cancelled = true;
      stopWatching();
      cancelIdle();
      drawNow.current = () => {};
      instance?.destroy();
      surfer.current = null;
    };
  }, [container, media, height]);

  /** Checks once, before the first play, that the file is reachable (HEAD): a missing file shows as such. */
  async function ensureAccessible(url: string): Promise<boolean> {
    if (accessChecked.current) return true;
    try {
      const response = await fetch(url, { method: 'HEAD', credentials: 'include' });
      if (!response.ok) {
        setFailure('inaccessible');
        return false;
      }
    } catch {
      setFailure('inaccessible');
      return false;
    }
    accessChecked.current = true;
    return true;
  }

  return {
    status,
    playing,
    currentTime,
    duration,
    /** The waveform is on screen (until then a flat line stands in for it). */
    drawn,
    async togglePlay() {
      const element = media.current;
      if (!element || status !== 'ready') return;
      if (!element.paused) {
        element.pause();
        return;
      }
      // A press is the strongest sign of interest: the waveform is drawn now, not when idle.
      if (!drawn) drawNow.current();
      if (!(await ensureAccessible(element.src))) return;
      await element.play().catch((error: unknown) => {
        if (!isHarmlessPlayRefusal(error)) setFailure('error');
      });
    },
    restart() {
      const element = media.current;
      if (!element) return;
      seekTo(element, 0);
      setCurrentTime(0);
    },
    seekBy(seconds: number) {
      const element = media.current;
      if (!element || status !== 'ready') return;
      const total = Number.isFinite(element.duration) && element.duration > 0 ? element.duration : duration;
      const next = Math.min(Math.max(element.currentTime + seconds, 0), total);
      // wavesurfer knows how to seek an element that has not loaded yet in every browser.
      if (surfer.current) surfer.current.setTime(next);
      else seekTo(element, next);
      setCurrentTime(next);
    },
    setVolume(volume: number) {
      if (media.current) setVolumeOf(media.current, volume);
    },
  };
}

/** The waveform over the player's own element, from the stored peaks when there are some. */
function createSurfer(
  WaveSurferClass: typeof WaveSurfer,
  target: HTMLElement,
  element: HTMLAudioElement,
  stored: { peaks: EncodedPeaks | null; durationSeconds: number | null },
  height: number,
): WaveSurfer {
  // Decoded only now; damaged peaks decode to null and wavesurfer decodes the audio instead.
  const decoded = stored.durationSeconds ? decodePeaks(stored.peaks) : null;
  // The absolute URL the element already has: wavesurfer then leaves a playing element alone
  // (and, given peaks and a duration, fetches nothing).
  // The owner's accent (custom properties on <html>): the played part and the playhead follow it.
  const { accent, strong } = accentColours(target);
  return WaveSurferClass.create({
    container: target,
    media: element,
    url: element.src,
    ...(decoded && stored.durationSeconds ? { peaks: [decoded], duration: stored.durationSeconds } : {}),
    height,
    barWidth: BAR_WIDTH,
    barGap: BAR_GAP,
    barRadius: 1,
    sampleRate: DECODE_SAMPLE_RATE,
    waveColor: '#4a4a58',
    progressColor: accent,
    cursorColor: strong,
    cursorWidth: 1,
    normalize: false,
  });
}
