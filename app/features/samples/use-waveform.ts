import { useEffect, useRef, useState, type RefObject } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { decodePeaks, type EncodedPeaks } from '#common/peaks.ts';
import { claimPlayback, releasePlayback } from './playback-owner';
import { createPlaySession } from './play-session';
import { BAR_GAP, BAR_WIDTH, DECODE_SAMPLE_RATE, DEFAULT_VOLUME } from './player-constants';

export type PlayerStatus = 'loading' | 'ready' | 'error' | 'inaccessible';

interface WaveformOptions {
  container: RefObject<HTMLDivElement | null>;
  media: RefObject<HTMLAudioElement | null>;
  audioUrl: string;
  peaks: EncodedPeaks | null;
  durationSeconds: number | null;
  height: number;
  /** Called once per play session after PLAY_COUNT_THRESHOLD_SECONDS of listening (play-session.ts). */
  onPlayCounted?: () => void;
}

/**
 * Drives one wavesurfer instance on its own <audio preload="none">. With server peaks and a
 * duration nothing is fetched until play; without them wavesurfer decodes the file in the browser.
 * wavesurfer.js is imported only here, on the client, so the server HTML stays light.
 */
export function useWaveform({ container, media, audioUrl, peaks, durationSeconds, height, onPlayCounted }: WaveformOptions) {
  const surfer = useRef<WaveSurfer | null>(null);
  const [status, setStatus] = useState<PlayerStatus>('loading');
  const [playing, setPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(durationSeconds ?? 0);
  const accessChecked = useRef(false);
  // Read through a ref: a revalidated loader hands over equal but new arrays, which must not
  // tear down a player that is playing.
  const analysis = useRef({ peaks, durationSeconds });
  useEffect(() => {
    analysis.current = { peaks, durationSeconds };
  }, [peaks, durationSeconds]);
  const hasAnalysis = Boolean(peaks && durationSeconds);
  // Through a ref too: a new callback must not rebuild the player.
  const playCounted = useRef(onPlayCounted);
  useEffect(() => {
    playCounted.current = onPlayCounted;
  }, [onPlayCounted]);

  useEffect(() => {
    let cancelled = false;
    let instance: WaveSurfer | null = null;
    const handle = { pause: () => instance?.pause() };
    const session = createPlaySession(() => playCounted.current?.());
    void import('wavesurfer.js').then(
      ({ default: WaveSurferClass }) => {
        if (cancelled || !container.current || !media.current) return;
        const stored = analysis.current;
        // Decoded only now, right before wavesurfer draws them.
        const decoded = hasAnalysis ? decodePeaks(stored.peaks) : null;
        // Given url, peaks and duration, wavesurfer loads once by itself (an extra load() would
        // supersede that one and report it as an error).
        instance = WaveSurferClass.create({
          container: container.current,
          media: media.current,
          url: audioUrl,
          ...(decoded && stored.durationSeconds ? { peaks: [decoded], duration: stored.durationSeconds } : {}),
          height,
          barWidth: BAR_WIDTH,
          barGap: BAR_GAP,
          barRadius: 1,
          sampleRate: DECODE_SAMPLE_RATE,
          waveColor: '#4a4a58',
          progressColor: '#f5b83d',
          cursorColor: '#ffc95c',
          cursorWidth: 1,
          normalize: false,
        });
        surfer.current = instance;
        instance.on('ready', (total) => {
          setDuration(total);
          instance?.setVolume(DEFAULT_VOLUME);
          setStatus('ready');
        });
        instance.on('play', () => {
          claimPlayback(handle);
          setPlaying(true);
        });
        instance.on('pause', () => {
          session.interrupt();
          setPlaying(false);
        });
        instance.on('timeupdate', (time) => {
          session.timeUpdate(time, instance?.isPlaying() ?? false);
          setCurrentTime(time);
        });
        instance.on('finish', () => {
          // Stop and rewind, so the next press plays from the start (and counts as a new play).
          session.finish();
          instance?.stop();
          setPlaying(false);
          setCurrentTime(0);
        });
        instance.on('error', (error) => {
          if (cancelled || error.name === 'AbortError') return;
          console.warn(`Audio player could not load ${audioUrl}:`, error);
          setStatus('error');
        });
      },
      (error: unknown) => {
        console.warn('Audio player could not start:', error);
        setStatus('error');
      },
    );
    return () => {
      cancelled = true;
      releasePlayback(handle);
      instance?.destroy();
      surfer.current = null;
    };
  }, [container, media, audioUrl, hasAnalysis, height]);

  /** Checks once, before the first play, that the file is reachable (HEAD {audioUrl}): a missing file shows as such. */
  async function ensureAccessible(): Promise<boolean> {
    if (accessChecked.current) return true;
    try {
      const response = await fetch(audioUrl, { method: 'HEAD', credentials: 'include' });
      if (!response.ok) {
        setStatus('inaccessible');
        return false;
      }
    } catch {
      setStatus('inaccessible');
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
    async togglePlay() {
      const instance = surfer.current;
      if (!instance || status !== 'ready') return;
      if (instance.isPlaying()) {
        instance.pause();
        return;
      }
      if (!(await ensureAccessible())) return;
      await instance.play().catch(() => setStatus('error'));
    },
    restart() {
      surfer.current?.setTime(0);
      setCurrentTime(0);
    },
    seekBy(seconds: number) {
      const instance = surfer.current;
      if (!instance || status !== 'ready') return;
      const total = instance.getDuration();
      const next = Math.min(Math.max(instance.getCurrentTime() + seconds, 0), total);
      instance.setTime(next);
      setCurrentTime(next);
    },
    setVolume(volume: number) {
      surfer.current?.setVolume(volume);
    },
  };
}
