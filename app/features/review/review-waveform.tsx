import { accentColours } from '#app/lib/accent-colours.ts';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { decodePeaks, type EncodedPeaks } from '#common/peaks.ts';
import { cn } from '#app/lib/cn.ts';
import type { AbEngine } from './ab-engine.ts';
import { drawPeaks } from './peaks-canvas.ts';
import { formatMoment, formatSpan } from './time-text.ts';

export interface WaveformMarker {
  id: number;
  at: number;
  end: number | null;
  side: 'client' | 'studio';
  resolved: boolean;
  /** Who wrote it and the start of what they wrote, for the marker's accessible name. */
  summary: string;
}

interface ReviewWaveformProps {
  /** The version drawn ("v3"), for the slider's name. */
  label: string;
  peaks: EncodedPeaks | null;
  duration: number;
  engine: AbEngine;
  playing: boolean;
  time: number;
  markers: WaveformMarker[];
  /** The comment being written: its moment or range. */
  draft: { at: number; end: number | null } | null;
  selectedMarker: number | null;
  /** A touch dragged along the waveform: the playhead follows the finger. */
  onSeek: (seconds: number) => void;
  /** A click or tap: seek there and pin a new comment there (`extend`: shift-click, the draft's range ends there). */
  onPick: (seconds: number, how: { extend: boolean; pointer: string }) => void;
  /** A mouse drag: a range comment from one moment to the other. */
  onRange: (start: number, end: number) => void;
  onMarker: (id: number) => void;
}

const WAVE_COLOR = '#4a4a58';
/** A mouse that moves further than this while pressed draws a range instead of clicking. */
const DRAG_PX = 6;

const percent = (seconds: number, duration: number) => `${duration > 0 ? Math.min(100, Math.max(0, (seconds / duration) * 100)) : 0}%`;

/**
 * The waveform of the version being heard, drawn from its stored peaks (no audio is read for it),
 * with the comments' markers above it. Clicking pins a comment and seeks there, dragging with a mouse
 * marks a range, a touch drag scrubs. It is a slider for assistive technology (the page's keys move it).
 */
export function ReviewWaveform(props: ReviewWaveformProps) {
  const { label, peaks, duration, engine, playing, time, markers, draft, selectedMarker } = props;
  const base = useRef<HTMLCanvasElement>(null);
  const progress = useRef<HTMLCanvasElement>(null);
  const playhead = useRef<HTMLDivElement>(null);
  const surface = useRef<HTMLDivElement>(null);
  const press = useRef<{ x: number; time: number; pointer: string; mode: 'click' | 'range' | 'scrub' } | null>(null);
  const [dragRange, setDragRange] = useState<{ start: number; end: number } | null>(null);
  const decoded = useMemo(() => decodePeaks(peaks), [peaks]);

  // Drawn on mount, when the peaks change and when the box is resized (a phone turned, a window resized).
  useEffect(() => {
    const draw = () => {
      if (base.current) drawPeaks(base.current, decoded, WAVE_COLOR);
      // The played part in the owner's accent, read from the page (accent-colours.ts).
      if (progress.current) drawPeaks(progress.current, decoded, accentColours(progress.current).accent);
    };
    draw();
    const target = surface.current;
    if (!target || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(draw);
    observer.observe(target);
    return () => observer.disconnect();
  }, [decoded]);

  // The progress follows the audio every frame while playing (without re-rendering React), and the last known time otherwise.
  useEffect(() => {
    const show = (seconds: number) => {
      const share = percent(seconds, duration);
      if (progress.current) progress.current.style.clipPath = `inset(0 calc(100% - ${share}) 0 0)`;
      if (playhead.current) playhead.current.style.left = share;
    };
    show(playing ? engine.time : time);
    if (!playing) return;
    let frame = requestAnimationFrame(function step() {
      show(engine.time);
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [engine, playing, time, duration]);

  const timeAt = (clientX: number) => {
    const box = surface.current?.getBoundingClientRect();
    if (!box || box.width === 0) return 0;
    return Math.min(Math.max((clientX - box.left) / box.width, 0), 1) * duration;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || duration <= 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    press.current = { x: event.clientX, time: timeAt(event.clientX), pointer: event.pointerType, mode: 'click' };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = press.current;
    if (!current || (current.mode === 'click' && Math.abs(event.clientX - current.x) < DRAG_PX)) return;
    if (current.pointer === 'mouse') {
      current.mode = 'range';
      const at = timeAt(event.clientX);
      setDragRange({ start: Math.min(current.time, at), end: Math.max(current.time, at) });
    } else {
      current.mode = 'scrub';
      props.onSeek(timeAt(event.clientX));
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = press.current;
    press.current = null;
    setDragRange(null);
    if (!current) return;
    if (current.mode === 'range') {
      const at = timeAt(event.clientX);
      props.onRange(Math.min(current.time, at), Math.max(current.time, at));
    } else if (current.mode === 'click') {
      props.onPick(current.time, { extend: event.shiftKey, pointer: current.pointer });
    }
  };
  const onPointerCancel = () => {
    // The touch became a scroll of the page.
    press.current = null;
    setDragRange(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The arrows are the page's keys (review-keys.ts); a slider also answers Home and End.
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      props.onSeek(event.key === 'Home' ? 0 : duration);
    }
  };

  const shownDraft = dragRange ? { at: dragRange.start, end: dragRange.end } : draft;
  return (
    <div className="grid gap-1">
      <div className="relative h-7" aria-label={`Comments on ${label}`} role="group">
        {markers.map((marker) => (
          <MarkerButton
            key={marker.id}
            marker={marker}
            duration={duration}
            selected={marker.id === selectedMarker}
            onClick={() => props.onMarker(marker.id)}
          />
        ))}
      </div>
      <div
        ref={surface}
        role="slider"
        tabIndex={0}
        aria-label={`Position in ${label}`}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(time)}
        aria-valuetext={`${formatMoment(time)} of ${formatMoment(duration)}`}
        data-waveform={decoded ? 'drawn' : 'flat'}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onKeyDown={onKeyDown}
        className={cn(
          'relative h-20 cursor-pointer touch-pan-y select-none rounded-md sm:h-28',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
          'focus-visible:ring-offset-4 focus-visible:ring-offset-surface',
        )}
      >
        <MarkerRanges markers={markers} duration={duration} />
        <canvas ref={base} aria-hidden className="absolute inset-0 size-full" />
        <canvas ref={progress} aria-hidden className="absolute inset-0 size-full" style={{ clipPath: 'inset(0 100% 0 0)' }} />
        {shownDraft ? <DraftMark draft={shownDraft} duration={duration} /> : null}
        <div
          ref={playhead}
          aria-hidden
          className="pointer-events-none absolute inset-y-0 -ml-px w-0.5 bg-accent-strong"
          style={{ left: 0 }}
        />
      </div>
      <div className="flex justify-between text-xs tabular-nums text-fg-subtle" aria-hidden>
        <span>0:00</span>
        <span>{formatMoment(duration)}</span>
      </div>
    </div>
  );
}

function MarkerButton({
  marker,
  duration,
  selected,
  onClick,
}: {
  marker: WaveformMarker;
  duration: number;
  selected: boolean;
  onClick: () => void;
}) {
  const colour = marker.resolved ? 'bg-fg-subtle' : marker.side === 'studio' ? 'bg-sky-400' : 'bg-accent';
  const name = `${formatSpan(marker.at, marker.end)}: ${marker.summary}${marker.resolved ? ' (resolved)' : ''}`;
  const style =
    marker.end === null
      ? { left: percent(marker.at, duration) }
      : { left: percent(marker.at, duration), width: `max(1.5rem, ${percent(marker.end - marker.at, duration)})` };
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={name}
      title={name}
      data-marker={marker.id}
      aria-pressed={selected}
      className={cn(
        'absolute top-0 flex h-7 items-end rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
        marker.end === null ? 'w-6 -translate-x-1/2 justify-center' : 'min-w-6',
      )}
      style={style}
    >
      {marker.end === null ? (
        <span aria-hidden className={cn('block size-3.5 rounded-full ring-2 ring-surface', colour, selected && 'ring-fg')} />
      ) : (
        <span aria-hidden className={cn('mb-1 block h-2 w-full rounded-full', colour, selected && 'ring-2 ring-fg')} />
      )}
    </button>
  );
}

/** The ranges of range comments, shaded behind the waveform. */
function MarkerRanges({ markers, duration }: { markers: WaveformMarker[]; duration: number }) {
  return (
    <>
      {markers
        .filter((marker) => marker.end !== null)
        .map((marker) => (
          <div
            key={marker.id}
            aria-hidden
            className={cn(
              'absolute inset-y-0',
              marker.resolved ? 'bg-fg-subtle/10' : marker.side === 'studio' ? 'bg-sky-400/10' : 'bg-accent/10',
            )}
            style={{ left: percent(marker.at, duration), width: percent(marker.end! - marker.at, duration) }}
          />
        ))}
    </>
  );
}

/** The comment being written: a dashed range, or a dashed line at its moment. */
function DraftMark({ draft, duration }: { draft: { at: number; end: number | null }; duration: number }) {
  return draft.end !== null ? (
    <div
      aria-hidden
      data-draft-range
      className="absolute inset-y-0 border-x-2 border-dashed border-fg bg-fg/10"
      style={{ left: percent(draft.at, duration), width: percent(draft.end - draft.at, duration) }}
    />
  ) : (
    <div
      aria-hidden
      data-draft-moment
      className="absolute inset-y-0 -ml-px border-l-2 border-dashed border-fg"
      style={{ left: percent(draft.at, duration) }}
    />
  );
}
