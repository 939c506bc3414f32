import { useEffect, useState } from 'react';
import type { PublicSample } from '#common/samples.ts';
import type { Route } from './+types/samples';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo } from '#app/components/seo.ts';
import { fetchAllSamples } from '#app/features/samples/fetch-samples.ts';
import { SampleCard } from '#app/features/samples/sample-card.tsx';
import { SamplesEmpty, SamplesError, SamplesLoading } from '#app/features/samples/sample-states.tsx';
import { listSamples } from '#app/features/samples/samples.server.ts';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Samples',
    description: 'Listen to mixing and mastering samples across genres, right in your browser.',
    path: '/samples',
    keywords: ['mixing and mastering samples', 'mastering before and after', 'mix examples', 'hip-hop mix', 'pop mastering'],
  });

/** The list is in the first HTML; if the database read fails the browser tries the API itself. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { samples: await listSamples(context.services.db) };
  } catch (error) {
    context.services.logger.error({ err: error, requestId: context.requestId }, 'could not list samples for /samples');
    return { samples: null };
  }
}

type ListState = { kind: 'loading' } | { kind: 'error' } | { kind: 'list'; samples: PublicSample[] };

export default function Page({ loaderData }: Route.ComponentProps) {
  const [fetched, setFetched] = useState<ListState>({ kind: 'loading' });
  const state: ListState = loaderData.samples ? { kind: 'list', samples: loaderData.samples } : fetched;

  useEffect(() => {
    if (loaderData.samples) return;
    let cancelled = false;
    void fetchAllSamples().then((result) => {
      if (!cancelled) setFetched(result.ok ? { kind: 'list', samples: result.data } : { kind: 'error' });
    });
    return () => {
      cancelled = true;
    };
  }, [loaderData.samples]);

  return (
    <>
      <PageHero eyebrow="Portfolio" title="Sample Portfolio">
        <p>Hear the difference: mixes and masters across genres. Press play on any track to listen.</p>
      </PageHero>
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8">
        {state.kind === 'loading' ? <SamplesLoading /> : null}
        {state.kind === 'error' ? <SamplesError>Please try again later.</SamplesError> : null}
        {state.kind === 'list' && state.samples.length === 0 ? <SamplesEmpty /> : null}
        {state.kind === 'list' && state.samples.length > 0 ? (
          <ul className="flex flex-col gap-6">
            {state.samples.map((sample) => (
              <li key={sample.id}>
                <SampleCard sample={sample} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}
