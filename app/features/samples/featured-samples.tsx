import { useEffect, useState } from 'react';
import type { FeaturedSample } from '#common/samples.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { cardGridColumns } from '#app/components/card-grid.ts';
import { cn } from '#app/lib/cn.ts';
import type { ApiFailure } from '#app/lib/api.ts';
import { fetchLatestSamples } from './fetch-samples.ts';
import { FEATURED_FETCH_DELAY_MS, FEATURED_WAVEFORM_HEIGHT } from './player-constants.ts';
import { GenreBadge } from './genre-badge.tsx';
import { SamplesEmpty, SamplesError, SamplesLoading } from './sample-states.tsx';
import { SamplePlayer } from './waveform-player.tsx';

// Without an answer there is no status to name: the browser's own words say what went wrong.
const errorText = (failure: ApiFailure) =>
  `Error: ${failure.status === 0 ? failure.message : `HTTP ${failure.status}: ${failure.statusText}`}`;

type FeaturedState = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'list'; samples: FeaturedSample[] };

/**
 * Home page block with the six newest samples (an island: its props travel as JSON). The server
 * renders the list from the home loader; without it (a failed read) the browser asks the API after 100 ms.
 */
export function FeaturedSamples({
  samples,
  isAdmin,
  heading,
}: {
  samples: FeaturedSample[] | null;
  isAdmin: boolean;
  /** The owner's words for the block (the home section). */
  heading: { eyebrow: string; title: string; intro: string };
}) {
  const [fetched, setState] = useState<FeaturedState>({ kind: 'loading' });
  const state: FeaturedState = samples ? { kind: 'list', samples } : fetched;
  // The debug line is for whoever builds or runs the site, never for a visitor.
  const showDebug = import.meta.env.DEV || isAdmin;

  useEffect(() => {
    if (samples) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void fetchLatestSamples().then((result) => {
        if (!cancelled) setState(result.ok ? { kind: 'list', samples: result.data } : { kind: 'error', message: errorText(result) });
      });
    }, FEATURED_FETCH_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [samples]);

  return (
    <section aria-labelledby="featured-samples-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="text-center">
        {heading.eyebrow ? <p className="text-sm font-semibold uppercase tracking-widest text-accent">{heading.eyebrow}</p> : null}
        <h2 id="featured-samples-title" className={cn('text-3xl font-bold tracking-tight sm:text-4xl', heading.eyebrow && 'mt-3')}>
          {heading.title}
        </h2>
        {heading.intro ? <p className="mt-4 text-lg whitespace-pre-line text-fg-muted">{heading.intro}</p> : null}
      </div>
      <div className="mt-12">
        {state.kind === 'loading' ? <SamplesLoading /> : null}
        {state.kind === 'error' ? <SamplesError>{state.message}</SamplesError> : null}
        {state.kind === 'list' && state.samples.length === 0 ? (
          <SamplesEmpty debug={showDebug ? `Debug: GET /api/samples/latest/6 returned ${state.samples.length} samples.` : undefined} />
        ) : null}
        {state.kind === 'list' && state.samples.length > 0 ? (
          <>
            <ul className={cn('grid grid-cols-1 gap-6', cardGridColumns(state.samples.length, { md: 2 }))}>
              {state.samples.map((sample) => (
                <li key={sample.id} className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-5">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h3 className="truncate text-lg font-semibold text-fg">{sample.title}</h3>
                      {sample.artist ? <p className="truncate text-sm text-fg-muted">{sample.artist}</p> : null}
                    </div>
                    <GenreBadge genre={sample.genre} />
                  </div>
                  {sample.duration ? <p className="text-xs text-fg-subtle">Duration: {sample.duration}</p> : null}
                  <SamplePlayer sample={sample} height={FEATURED_WAVEFORM_HEIGHT} compact className="mt-auto" />
                </li>
              ))}
            </ul>
            <p className="mt-6 text-center text-sm text-fg-subtle">
              Showing {state.samples.length} {state.samples.length === 1 ? 'sample' : 'samples'}
            </p>
          </>
        ) : null}
      </div>
      <div className="mt-10 flex justify-center">
        <ButtonLink to="/samples" variant="secondary">
          View All Samples
        </ButtonLink>
      </div>
    </section>
  );
}
