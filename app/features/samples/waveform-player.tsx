import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Pause, Play, RotateCcw, Volume2, VolumeX } from 'lucide-react';
import { formatTime } from '#common/format-time.ts';
import type { EncodedPeaks } from '#common/peaks.ts';
import { cn } from '#app/lib/cn.ts';
import { DEFAULT_VOLUME, FULL_WAVEFORM_HEIGHT, KEYBOARD_SEEK_SECONDS, VOLUME_STEP } from './player-constants.ts';
import { sendPlayBeacon } from './play-session.ts';
import { useWaveform } from './use-waveform.ts';

export interface WaveformPlayerProps {
  audioUrl: string;
  title?: string | null;
  /** The stored waveform as the API sends it (common/peaks.ts); decoded only when drawn. */
  peaks?: EncodedPeaks | null;
  durationSeconds?: number | null;
  /** Waveform height in px: 50 in the featured block, 80 on /samples and in the admin. */
  height?: number;
  /** Hides the volume slider and mute button. */
  compact?: boolean;
  className?: string;
  /** Called once per play session after a few seconds of listening (the public players count plays with it). */
  onPlayCounted?: () => void;
}

const iconButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-40 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2 focus-visible:ring-offset-surface';

/** A waveform player for one sample: play/pause, restart, seek on the waveform, volume and mute, the time. */
export function WaveformPlayer({
  audioUrl,
  title,
  peaks = null,
  durationSeconds = null,
  height = FULL_WAVEFORM_HEIGHT,
  compact = false,
  className,
  onPlayCounted,
}: WaveformPlayerProps) {
  const container = useRef<HTMLDivElement>(null);
  const media = useRef<HTMLAudioElement>(null);
  const player = useWaveform({ container, media, peaks, durationSeconds, height, onPlayCounted });
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [muted, setMuted] = useState(false);
  const [volumeBeforeMute, setVolumeBeforeMute] = useState(DEFAULT_VOLUME);
  const volumeId = useId();
  const name = title || 'Unknown track';
  const ready = player.status === 'ready';

  if (player.status === 'error' || player.status === 'inaccessible') {
    return (
      <div role="alert" className={cn('rounded-lg border border-danger/60 bg-danger-surface px-4 py-3 text-sm text-red-200', className)}>
        {player.status === 'error' ? `Unable to load: ${title || 'Unknown track'}` : `Audio file not accessible: ${title ?? ''}`.trim()}
      </div>
    );
  }

  const applyVolume = (next: number) => {
    setVolume(next);
    player.setVolume(next);
    if (muted && next > 0) setMuted(false);
  };
  const toggleMute = () => {
    if (muted) {
      const restored = volumeBeforeMute > 0 ? volumeBeforeMute : DEFAULT_VOLUME;
      setMuted(false);
      setVolume(restored);
      player.setVolume(restored);
    } else {
      setVolumeBeforeMute(volume);
      setMuted(true);
      setVolume(0);
      player.setVolume(0);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    // Buttons and the slider keep their own keys; Space and the arrows belong to the player itself.
    if (target.closest('button, input')) return;
    if (event.key === ' ') {
      event.preventDefault();
      void player.togglePlay();
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      player.seekBy(event.key === 'ArrowRight' ? KEYBOARD_SEEK_SECONDS : -KEYBOARD_SEEK_SECONDS);
    }
  };

  return (
    <div className={className}>
      {/* Without JavaScript the browser's own player plays the file (nothing loads before play); the
          script's player below is hidden then, and with JavaScript this never renders. */}
      <noscript>
        <audio controls preload="none" src={audioUrl} aria-label={name} className="w-full" />
      </noscript>
      <div
        role="group"
        aria-label={`Audio player: ${name}`}
        aria-keyshortcuts="Space ArrowLeft ArrowRight"
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-player-status={player.status}
        data-playing={player.playing ? 'true' : 'false'}
        className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent noscript:hidden"
      >
        {/* preload="none": no bytes until play. wavesurfer draws on this element, it does not own it. */}
        <audio ref={media} src={audioUrl} preload="none" className="hidden" />
        <div className="flex items-center gap-3">
          <button
            type="button"
            onClick={() => void player.togglePlay()}
            disabled={!ready}
            aria-label={player.playing ? `Pause ${name}` : `Play ${name}`}
            className={cn(iconButton, 'bg-accent text-ink hover:bg-accent-strong')}
          >
            {player.playing ? <Pause className="size-5" aria-hidden /> : <Play className="size-5 translate-x-px" aria-hidden />}
          </button>
          <div className="relative min-w-0 flex-1" style={{ height }}>
            {/* Fixed height before wavesurfer draws: no layout shift. */}
            <div ref={container} data-waveform={player.drawn ? 'drawn' : 'pending'} className="h-full w-full cursor-pointer" aria-hidden />
            {!player.drawn ? <div className="absolute inset-x-0 top-1/2 h-px -translate-y-1/2 bg-line-strong" aria-hidden /> : null}
          </div>
        </div>
        <div className="mt-2 flex items-center gap-2 text-xs text-fg-muted">
          <button
            type="button"
            onClick={player.restart}
            disabled={!ready}
            aria-label={`Restart ${name}`}
            className={cn(iconButton, 'size-11 text-fg-muted hover:bg-surface-raised hover:text-fg sm:size-8')}
          >
            <RotateCcw className="size-4" aria-hidden />
          </button>
          <span className="tabular-nums" aria-live="off">
            {ready ? `${formatTime(player.currentTime)} / ${formatTime(player.duration)}` : 'Loading...'}
          </span>
          {!compact ? (
            <div className="ml-auto flex items-center gap-1">
              <button
                type="button"
                onClick={toggleMute}
                disabled={!ready}
                aria-label={muted ? `Unmute ${name}` : `Mute ${name}`}
                aria-pressed={muted}
                className={cn(iconButton, 'size-11 text-fg-muted hover:bg-surface-raised hover:text-fg sm:size-8')}
              >
                {muted ? <VolumeX className="size-4" aria-hidden /> : <Volume2 className="size-4" aria-hidden />}
              </button>
              <label htmlFor={volumeId} className="sr-only">
                Volume for {name}
              </label>
              <input
                id={volumeId}
                type="range"
                min={0}
                max={1}
                step={VOLUME_STEP}
                value={volume}
                disabled={!ready}
                onChange={(event) => applyVolume(Number(event.target.value))}
                className="h-1 w-24 cursor-pointer accent-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent"
              />
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

type PlayableSample = Pick<WaveformPlayerProps, 'audioUrl' | 'title' | 'peaks' | 'durationSeconds'> & { id: number };

/**
 * The player for one stored sample: its audio, title and the server's waveform analysis. It counts
 * its plays (one beacon per play session) unless `countPlays` is false (the admin's own players).
 */
export function SamplePlayer({
  sample,
  countPlays = true,
  ...options
}: { sample: PlayableSample; countPlays?: boolean } & Pick<WaveformPlayerProps, 'height' | 'compact' | 'className'>) {
  const { id } = sample;
  const onPlayCounted = useCallback(() => sendPlayBeacon(id), [id]);
  return (
    <WaveformPlayer
      // Other audio is another player: a fresh element, waveform and play session.
      key={sample.audioUrl}
      audioUrl={sample.audioUrl}
      title={sample.title}
      peaks={sample.peaks}
      durationSeconds={sample.durationSeconds}
      onPlayCounted={countPlays ? onPlayCounted : undefined}
      {...options}
    />
  );
}
