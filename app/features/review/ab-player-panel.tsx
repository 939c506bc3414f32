import { Pause, Play, Rewind, FastForward } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { VersionView } from '#common/review.ts';
import { KEYBOARD_SEEK_SECONDS } from '#app/features/samples/player-constants.ts';
import { cn } from '#app/lib/cn.ts';
import type { Slot } from './ab-slots.ts';
import { formatGainDb, formatLufs } from './loudness-match.ts';
import { formatMoment } from './time-text.ts';
import type { AbAudioRefs, AbPlayer } from './use-ab-player.ts';
import { playsHere, versionLabel, type Hears } from './versions.ts';

interface AbPlayerPanelProps {
  player: AbPlayer;
  audio: AbAudioRefs;
  versions: VersionView[];
  a: VersionView;
  b: VersionView | null;
  onChoose: (slot: Slot, versionId: number) => void;
  asDelivered: boolean;
  onAsDelivered: (on: boolean) => void;
  /** The waveform of the version being heard, with the comments' markers. */
  waveform: ReactNode;
  /** What this side's player gets: the original (the owner) or the listening copy (everyone else). */
  hears: Hears;
}

const roundButton =
  'inline-flex shrink-0 items-center justify-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-40 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2 focus-visible:ring-offset-surface';

/**
 * The review player: play and seek, the A/B switch with each side's version and applied gain, the
 * loudness matching switch, and the waveform. Its keys are listed on it (review-keys.ts handles them).
 */
export function AbPlayerPanel({
  player,
  audio,
  versions,
  a,
  b,
  onChoose,
  asDelivered,
  onAsDelivered,
  waveform,
  hears,
}: AbPlayerPanelProps) {
  const heard = player.active === 'b' && b ? b : a;
  const ready = playsHere(heard, hears);
  const duration = heard.durationSeconds ?? 0;
  const switchId = useId();
  const failed = player.failed === 'a' ? a : player.failed === 'b' ? b : null;

  return (
    <section
      aria-label="Player"
      data-review-player
      data-active-slot={player.active}
      data-playing={player.playing ? 'true' : 'false'}
      className="grid gap-5 rounded-2xl border border-line bg-surface p-4 noscript:hidden sm:p-6"
    >
      <AudioElements audio={audio} a={a} b={b} />
      <div className="flex flex-wrap items-center gap-3 sm:gap-4">
        <button
          type="button"
          onClick={() => player.engine.toggle()}
          disabled={!ready}
          aria-label={player.playing ? `Pause ${versionLabel(heard)}` : `Play ${versionLabel(heard)}`}
          aria-keyshortcuts="Space"
          className={cn(roundButton, 'size-14 bg-accent text-ink hover:bg-accent-strong')}
        >
          {player.playing ? <Pause aria-hidden className="size-6" /> : <Play aria-hidden className="size-6 translate-x-px" />}
        </button>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => player.engine.seekBy(-KEYBOARD_SEEK_SECONDS)}
            disabled={!ready}
            aria-label={`Back ${KEYBOARD_SEEK_SECONDS} seconds`}
            aria-keyshortcuts="ArrowLeft"
            className={cn(roundButton, 'size-11 text-fg-muted hover:bg-surface-raised hover:text-fg')}
          >
            <Rewind aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            onClick={() => player.engine.seekBy(KEYBOARD_SEEK_SECONDS)}
            disabled={!ready}
            aria-label={`Forward ${KEYBOARD_SEEK_SECONDS} seconds`}
            aria-keyshortcuts="ArrowRight"
            className={cn(roundButton, 'size-11 text-fg-muted hover:bg-surface-raised hover:text-fg')}
          >
            <FastForward aria-hidden className="size-5" />
          </button>
        </div>
        <p className="text-sm tabular-nums text-fg-muted" data-player-time={player.time.toFixed(2)}>
          <span className="font-semibold text-fg">{formatMoment(player.time)}</span> / {formatMoment(duration)}
        </p>
        <AbSwitch player={player} a={a} b={b} hears={hears} />
      </div>
      {failed ? (
        <p role="alert" className="rounded-lg border border-danger/60 bg-danger-surface px-3 py-2 text-sm text-red-200">
          {versionLabel(failed)} could not be played. Reload the page to try again.
        </p>
      ) : null}
      {!ready ? (
        <p role="status" data-not-ready className="rounded-lg border border-line bg-ink/40 px-3 py-2 text-sm text-fg-muted">
          {notReadyText(heard, hears)}
        </p>
      ) : null}
      {waveform}
      <div className="grid gap-3 border-t border-line pt-4">
        <SlotRow slot="a" version={a} other={b} versions={versions} gainDb={player.gains.a} player={player} onChoose={onChoose} />
        {b ? (
          <SlotRow slot="b" version={b} other={a} versions={versions} gainDb={player.gains.b} player={player} onChoose={onChoose} />
        ) : null}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <button
            id={switchId}
            type="button"
            role="switch"
            aria-checked={asDelivered}
            onClick={() => onAsDelivered(!asDelivered)}
            className={cn(
              'group inline-flex min-h-11 items-center gap-3 rounded-full text-sm font-medium text-fg',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
            )}
          >
            <span
              aria-hidden
              className={cn(
                'relative h-6 w-11 shrink-0 rounded-full border transition-colors',
                asDelivered ? 'border-accent bg-accent' : 'border-line-strong bg-ink',
              )}
            >
              <span
                className={cn(
                  'absolute top-0.5 size-4.5 rounded-full transition-transform',
                  asDelivered ? 'translate-x-5.5 bg-ink' : 'translate-x-0.5 bg-fg-muted',
                )}
              />
            </span>
            Hear as delivered
          </button>
          <p className="text-xs text-fg-subtle" data-matching={player.gains.matched ? 'on' : 'off'}>
            {!b
              ? 'One version so far: nothing to match.'
              : asDelivered
                ? 'Both play at their delivered level.'
                : player.matching.matched
                  ? 'Loudness matched: the louder version is turned down, so you compare the mix, not the volume.'
                  : 'Loudness matching needs both versions measured.'}
          </p>
        </div>
      </div>
      {/* Hidden on phones, which have no keys to press. */}
      <p className="hidden text-xs text-fg-subtle sm:block">
        <span className="font-medium text-fg-muted">Keys:</span> <Key>Space</Key> play/pause · <Key>B</Key> switch A/B · <Key>←</Key>{' '}
        <Key>→</Key> {KEYBOARD_SEEK_SECONDS} s · <Key>C</Key> comment here
      </p>
    </section>
  );
}

/** Why the version heard does not play yet, or at all. */
function notReadyText(version: VersionView, hears: Hears): string {
  const label = versionLabel(version);
  if (version.removedAt) return `${label}'s audio was removed with the project's files.`;
  if (version.analysisState === 'failed' || version.listening.state === 'unavailable') {
    return `${label} could not be measured, so it cannot be played here.`;
  }
  if (hears === 'original' && version.analysisState === 'pending') return `${label} is being measured; it plays as soon as that is done.`;
  const progress = version.listening.state === 'preparing' ? version.listening.progress : null;
  const done = progress === null ? '' : ` (${Math.round(progress * 100)} %)`;
  return `${label} is being prepared for listening${done}; it plays as soon as it is ready, no need to reload.`;
}

function Key({ children }: { children: ReactNode }) {
  return <kbd className="rounded border border-line-strong bg-ink px-1.5 py-0.5 font-sans text-[0.6875rem] text-fg-muted">{children}</kbd>;
}

/** The A/B switch: two halves, the one being heard pressed. Both halves name their version. */
function AbSwitch({ player, a, b, hears }: { player: AbPlayer; a: VersionView; b: VersionView | null; hears: Hears }) {
  const half = (slot: Slot, version: VersionView | null) => (
    <button
      type="button"
      onClick={() => player.engine.setActive(slot)}
      disabled={!version || !playsHere(version, hears)}
      aria-pressed={player.active === slot}
      aria-keyshortcuts="B"
      data-ab={slot}
      className={cn(
        'inline-flex min-h-12 min-w-16 flex-1 items-center justify-center gap-1.5 px-4 text-sm font-semibold transition-colors sm:min-h-11',
        'focus-visible:relative focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent disabled:opacity-40',
        player.active === slot ? 'bg-accent text-ink' : 'text-fg-muted hover:text-fg',
      )}
    >
      <span className="sr-only">Hear </span>
      {slot.toUpperCase()}{' '}
      <span className={cn('font-normal', player.active === slot ? 'text-ink/80' : 'text-fg-subtle')}>
        {version ? versionLabel(version) : '–'}
      </span>
    </button>
  );
  return (
    <div
      role="group"
      aria-label="A/B comparison"
      className="flex w-full overflow-hidden rounded-full border border-line-strong sm:ml-auto sm:w-auto"
    >
      {half('a', a)}
      {half('b', b)}
    </div>
  );
}

function SlotRow({
  slot,
  version,
  other,
  versions,
  gainDb,
  player,
  onChoose,
}: {
  slot: Slot;
  version: VersionView;
  other: VersionView | null;
  versions: VersionView[];
  gainDb: number;
  player: AbPlayer;
  onChoose: (slot: Slot, versionId: number) => void;
}) {
  const id = useId();
  const heard = player.active === slot;
  return (
    <div
      className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 sm:grid-cols-[auto_minmax(0,18rem)_1fr]"
      data-slot-row={slot}
    >
      <span
        aria-hidden
        className={cn(
          'grid size-8 place-items-center rounded-full text-sm font-bold',
          heard ? 'bg-accent text-ink' : 'bg-surface-raised text-fg-muted',
        )}
      >
        {slot.toUpperCase()}
      </span>
      <label htmlFor={id} className="sr-only">
        Version {slot.toUpperCase()}
      </label>
      <select
        id={id}
        value={version.id}
        onChange={(event) => onChoose(slot, Number(event.target.value))}
        className={cn(
          'min-h-11 w-full rounded-lg border border-line-strong bg-ink px-3 text-sm text-fg sm:min-h-10',
          'focus-visible:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
        )}
      >
        {versions.map((option) => (
          <option key={option.id} value={option.id}>
            {versionLabel(option)} · {option.name}
            {option.id === other?.id ? ` (now ${slot === 'a' ? 'B' : 'A'})` : ''}
          </option>
        ))}
      </select>
      <p className="col-start-2 text-xs tabular-nums text-fg-muted sm:col-start-3 sm:text-sm">
        {formatLufs(version.loudnessLufs)} · gain{' '}
        <span className="font-semibold text-fg" data-gain-shown={slot}>
          {formatGainDb(gainDb)}
        </span>
      </p>
    </div>
  );
}

/** The two elements the engine plays through (preload="none": nothing is fetched before play). */
function AudioElements({ audio, a, b }: { audio: AbAudioRefs; a: VersionView; b: VersionView | null }) {
  const { refA, refB } = audio;
  return (
    <>
      <audio ref={refA} preload="none" data-slot="a" data-version={a.id} className="hidden" />
      <audio ref={refB} preload="none" data-slot="b" data-version={b?.id ?? ''} className="hidden" />
    </>
  );
}
