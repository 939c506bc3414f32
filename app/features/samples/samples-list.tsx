import { useEffect, useState } from 'react';
import type { PublicSample } from '#common/samples.ts';
import { fetchSamplesPage } from './fetch-samples.ts';
import { SampleCard } from './sample-card.tsx';
import { SamplesEmpty, SamplesError, SamplesLoading } from './sample-states.tsx';

type ListState = { kind: 'loading' } | { kind: 'error' } | { kind: 'list'; samples: PublicSample[] };

/**
 * A page of samples with their players, for /samples (an island). The page comes in the first HTML;
 * when the server could not read it (null) the browser asks the API for the same page itself.
 */
export function SamplesList({ samples, page }: { samples: PublicSample[] | null; page: number }) {
  const [fetched, setFetched] = useState<ListState>({ kind: 'loading' });
  const state: ListState = samples ? { kind: 'list', samples } : fetched;

  useEffect(() => {
    if (samples) return;
    let cancelled = false;
    void fetchSamplesPage(page).then((result) => {
      if (!cancelled) setFetched(result.ok ? { kind: 'list', samples: result.data } : { kind: 'error' });
    });
    return () => {
      cancelled = true;
    };
  }, [samples, page]);

  return (
    <>
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
    </>
  );
}
