import type { PublicSample } from '#common/samples.ts';
import { FULL_WAVEFORM_HEIGHT } from './player-constants.ts';
import { GenreBadge } from './genre-badge.tsx';
import { SamplePlayer } from './waveform-player.tsx';

/** One sample on /samples: title, `by {artist}`, genre badge, description and the full player. */
export function SampleCard({ sample }: { sample: PublicSample }) {
  return (
    <article aria-labelledby={`sample-${sample.id}-title`} className="rounded-xl border border-line bg-surface p-5 sm:p-6">
      {/* Phones: duration and genre always on their own row under the title; wider: always at its right. */}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={`sample-${sample.id}-title`} className="text-xl font-semibold text-fg">
            {sample.title}
          </h2>
          {sample.artist ? <p className="mt-1 text-sm text-fg-muted">by {sample.artist}</p> : null}
        </div>
        <div className="flex shrink-0 items-center gap-3">
          {sample.duration ? <span className="text-xs tabular-nums text-fg-subtle">{sample.duration}</span> : null}
          <GenreBadge genre={sample.genre} />
        </div>
      </div>
      {sample.description ? <p className="mt-3 max-w-3xl text-sm leading-relaxed text-fg-muted">{sample.description}</p> : null}
      <SamplePlayer sample={sample} height={FULL_WAVEFORM_HEIGHT} className="mt-5" />
    </article>
  );
}
