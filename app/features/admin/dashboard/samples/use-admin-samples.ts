import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicSample } from '#common/samples.ts';
import { toast } from '#app/lib/toast.ts';
import { apiRequest } from '#app/features/admin/dashboard/admin-api.ts';
import type { SamplePayload } from './sample-payload';

/** How long to wait for the server's analysis (duration, waveform) of a new sample. */
const ANALYSIS_POLL_MS = 1500;
const ANALYSIS_POLL_LIMIT = 20;

export interface AdminSamplesState {
  samples: PublicSample[] | null;
  error: string | null;
  create(payload: SamplePayload): Promise<boolean>;
  update(id: number, payload: SamplePayload): Promise<boolean>;
  remove(sample: PublicSample): Promise<void>;
  /** Shows `next` at once and saves it; on failure `previous` comes back. */
  reorder(previous: PublicSample[], next: PublicSample[]): Promise<void>;
}

const analysed = (sample: PublicSample) => sample.durationSeconds !== null || sample.peaks !== null;

/** The samples of the dashboard and every write on them, with the toasts of SPEC section 8. */
export function useAdminSamples(): AdminSamplesState {
  const [samples, setSamples] = useState<PublicSample[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);

  const refresh = useCallback(async () => {
    try {
      const list = await apiRequest<PublicSample[]>('GET', '/api/samples');
      if (mounted.current) {
        setSamples(Array.isArray(list) ? list : []);
        setError(null);
      }
      return Array.isArray(list) ? list : [];
    } catch (reason) {
      if (mounted.current) setError(reason instanceof Error ? reason.message : 'Unknown error');
      return null;
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    apiRequest<PublicSample[]>('GET', '/api/samples')
      .then((list) => mounted.current && setSamples(Array.isArray(list) ? list : []))
      .catch((reason: unknown) => mounted.current && setError(reason instanceof Error ? reason.message : 'Unknown error'));
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
    async (payload: SamplePayload) => {
      try {
        const created = await apiRequest<PublicSample>('POST', '/api/samples', payload);
        toast({ title: 'Success', description: 'Sample created successfully' });
        await refresh();
        if (!analysed(created)) void awaitAnalysis(created.id);
        return true;
      } catch {
        toast({ title: 'Error', description: 'Failed to create sample', variant: 'destructive' });
        return false;
      }
    },
    [refresh, awaitAnalysis],
  );

  const update = useCallback(
    async (id: number, payload: SamplePayload) => {
      try {
        const updated = await apiRequest<PublicSample>('PUT', `/api/samples/${id}`, payload);
        toast({ title: 'Success', description: 'Sample updated successfully' });
        await refresh();
        if (!analysed(updated)) void awaitAnalysis(id);
        return true;
      } catch {
        toast({ title: 'Error', description: 'Failed to update sample', variant: 'destructive' });
        return false;
      }
    },
    [refresh, awaitAnalysis],
  );

  const restore = useCallback(
    async (restoreToken: string) => {
      try {
        await apiRequest('POST', '/api/samples/restore', { restoreToken });
        toast({ title: 'Success', description: 'Sample restored' });
      } catch {
        toast({ title: 'Error', description: 'Failed to restore sample', variant: 'destructive' });
      }
      await refresh();
    },
    [refresh],
  );

  // Immediate, as the spec says (no confirmation, the row goes at once); the toast offers Undo.
  const remove = useCallback(
    async (sample: PublicSample) => {
      setSamples((list) => list?.filter((item) => item.id !== sample.id) ?? list);
      try {
        const { restoreToken } = await apiRequest<{ restoreToken: string }>('POST', `/api/samples/${sample.id}/trash`);
        toast({
          title: 'Success',
          description: 'Sample deleted successfully',
          action: { label: 'Undo', onSelect: () => void restore(restoreToken) },
        });
      } catch {
        toast({ title: 'Error', description: 'Failed to delete sample', variant: 'destructive' });
        // Show what the server really has (the sample is back if it was not deleted).
        await refresh();
      }
    },
    [refresh, restore],
  );

  const reorder = useCallback(async (previous: PublicSample[], next: PublicSample[]) => {
    setSamples(next);
    try {
      await apiRequest('PUT', '/api/samples/reorder', {
        sampleOrders: next.map((sample, index) => ({ id: sample.id, displayOrder: index })),
      });
      setSamples((list) => list?.map((sample) => ({ ...sample, displayOrder: next.findIndex((item) => item.id === sample.id) })) ?? list);
      toast({ title: 'Success', description: 'Samples reordered successfully' });
    } catch {
      setSamples(previous);
      toast({ title: 'Error', description: 'Failed to reorder samples', variant: 'destructive' });
    }
  }, []);

  return { samples, error, create, update, remove, reorder };
}
