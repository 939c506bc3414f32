import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicSample, TrashedSample } from '#common/samples.ts';
import { firstErrors } from '#common/validation.ts';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import type { SamplePayload } from './sample-payload.ts';
import { useSampleTrash, type SampleTrashState } from './use-sample-trash.ts';

/** How long to wait for the server's analysis (duration, waveform) of a new sample. */
const ANALYSIS_POLL_MS = 1500;
const ANALYSIS_POLL_LIMIT = 20;

/** What a sample form learns from a save: done, or the server's first message per field to show. */
export type SaveOutcome = { saved: true } | { saved: false; fieldErrors: Record<string, string> };

export interface AdminSamplesState {
  samples: PublicSample[] | null;
  error: string | null;
  create(payload: SamplePayload): Promise<SaveOutcome>;
  update(id: number, payload: SamplePayload): Promise<SaveOutcome>;
  remove(sample: PublicSample): Promise<void>;
  /** Shows `next` at once and saves it; on failure `previous` comes back. */
  reorder(previous: PublicSample[], next: PublicSample[]): Promise<void>;
  /** Recently deleted samples, restorable for SAMPLE_TRASH_RETENTION_DAYS. */
  trash: SampleTrashState;
}

const analysed = (sample: PublicSample) => sample.durationSeconds !== null || sample.peaks !== null;

/** The samples of the dashboard and every write on them, each write confirmed or refused by a toast. */
export function useAdminSamples(): AdminSamplesState {
  const [samples, setSamples] = useState<PublicSample[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);

  const refresh = useCallback(async () => {
    const result = await api<PublicSample[]>('GET', '/api/samples');
    const list = result.ok && Array.isArray(result.data) ? result.data : [];
    if (mounted.current) {
      if (result.ok) setSamples(list);
      setError(result.ok ? null : result.message);
    }
    return result.ok ? list : null;
  }, []);

  useEffect(() => {
    mounted.current = true;
    void api<PublicSample[]>('GET', '/api/samples').then((result) => {
      if (!mounted.current) return;
      if (result.ok) setSamples(Array.isArray(result.data) ? result.data : []);
      else setError(result.message);
    });
    return () => {
      mounted.current = false;
    };
  }, []);

  // The server analyses a new file in the background and fills in an empty duration: poll until then.
  const awaitAnalysis = useCallback(
    async (id: number) => {
      for (let attempt = 0; attempt < ANALYSIS_POLL_LIMIT && mounted.current; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, ANALYSIS_POLL_MS));
        const list = await refresh();
        const sample = list?.find((item) => item.id === id);
        if (!sample || analysed(sample)) return;
      }
    },
    [refresh],
  );

  const create = useCallback(
    async (payload: SamplePayload): Promise<SaveOutcome> => {
      const result = await api<PublicSample>('POST', '/api/samples', payload);
      if (!result.ok) {
        toast({ title: 'Error', description: 'Failed to create sample', variant: 'destructive' });
        return { saved: false, fieldErrors: firstErrors(result.errors) };
      }
      toast({ title: 'Success', description: 'Sample created successfully' });
      await refresh();
      if (!analysed(result.data)) void awaitAnalysis(result.data.id);
      return { saved: true };
    },
    [refresh, awaitAnalysis],
  );

  const update = useCallback(
    async (id: number, payload: SamplePayload): Promise<SaveOutcome> => {
      const result = await api<PublicSample>('PUT', `/api/samples/${id}`, payload);
      if (!result.ok) {
        toast({ title: 'Error', description: 'Failed to update sample', variant: 'destructive' });
        return { saved: false, fieldErrors: firstErrors(result.errors) };
      }
      toast({ title: 'Success', description: 'Sample updated successfully' });
      await refresh();
      if (!analysed(result.data)) void awaitAnalysis(id);
      return { saved: true };
    },
    [refresh, awaitAnalysis],
  );

  const trash = useSampleTrash(refresh);
  const { restore: restoreFromTrash, refresh: refreshTrash } = trash;

  // Immediate, with no confirmation: the sample moves to Recently deleted, and the toast's Undo
  // restores this very sample (a later delete's toast replaces this one, not its sample's way back).
  const remove = useCallback(
    async (sample: PublicSample) => {
      setSamples((list) => list?.filter((item) => item.id !== sample.id) ?? list);
      const result = await api<TrashedSample>('POST', `/api/samples/${sample.id}/trash`);
      if (result.ok) {
        toast({
          title: 'Success',
          description: 'Sample deleted successfully',
          action: { label: 'Undo', onSelect: () => void restoreFromTrash(sample.id) },
        });
        await refreshTrash();
        return;
      }
      toast({ title: 'Error', description: 'Failed to delete sample', variant: 'destructive' });
      // Show what the server really has (the sample is back if it was not deleted).
      await refresh();
    },
    [refresh, restoreFromTrash, refreshTrash],
  );

  const reorder = useCallback(async (previous: PublicSample[], next: PublicSample[]) => {
    setSamples(next);
    const result = await api('PUT', '/api/samples/reorder', {
      sampleOrders: next.map((sample, index) => ({ id: sample.id, displayOrder: index })),
    });
    if (!result.ok) {
      setSamples(previous);
      toast({ title: 'Error', description: 'Failed to reorder samples', variant: 'destructive' });
      return;
    }
    setSamples((list) => list?.map((sample) => ({ ...sample, displayOrder: next.findIndex((item) => item.id === sample.id) })) ?? list);
    toast({ title: 'Success', description: 'Samples reordered successfully' });
  }, []);

  return { samples, error, create, update, remove, reorder, trash };
}
