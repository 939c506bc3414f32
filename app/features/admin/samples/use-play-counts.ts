import { useCallback, useEffect, useRef, useState } from 'react';
import type { SamplePlayCount } from '#common/samples.ts';
import { api } from '#app/lib/api.ts';

/** Plays per sample id (decision 047); a sample never played has no entry. Null until loaded. */
export type PlayCounts = ReadonlyMap<number, SamplePlayCount> | null;

/** The play counts shown in Manage Samples, read on mount and again on `refresh` (each visit of the tab). */
export function usePlayCounts(): { counts: PlayCounts; refresh(): Promise<void> } {
  const [counts, setCounts] = useState<PlayCounts>(null);
  const mounted = useRef(true);

  const refresh = useCallback(async () => {
    const result = await api<SamplePlayCount[]>('GET', '/api/samples/plays');
    if (!mounted.current || !result.ok || !Array.isArray(result.data)) return;
    setCounts(new Map(result.data.map((count) => [count.sampleId, count])));
  }, []);

  useEffect(() => {
    mounted.current = true;
    void refresh();
    return () => {
      mounted.current = false;
    };
  }, [refresh]);

  return { counts, refresh };
}
