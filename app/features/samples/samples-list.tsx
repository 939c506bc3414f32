import { useEffect, useState } from 'react';
import type { PublicSample } from '#common/samples.ts';
import { fetchAllSamples } from './fetch-samples.ts';
import { SampleCard } from './sample-card.tsx';
import { SamplesEmpty, SamplesError, SamplesLoading } from './sample-states.tsx';

type ListState = { kind: 'loading' } | { kind: 'error' } | { kind: 'list'; samples: PublicSample[] };

/**
 * Every sample with its player, for /samples (an island). The list comes in the first HTML; when the
 * server could not read it (null) the browser asks the API itself.
 */
export function SamplesList({ samples }: { samples: PublicSample[] | null }) {
  const [fetched, setFetched] = useState<ListState>({ kind: 'loading' });
  const state: ListState = samples ? { kind: 'list', samples } : fetched;

  useEffect(() => {
    if (samples) return;
    let cancelled = false;
    void fetchAllSamples().then((result) => {
      if (!cancelled) setFetched(result.ok ? { kind: 'list', samples: result.data } : { kind: 'error' });
    });
    return () => {
      cancelled = true;
    };
  }, [samples]);

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
