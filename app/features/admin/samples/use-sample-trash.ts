import { useCallback, useEffect, useRef, useState } from 'react';
import type { TrashedSample } from '#common/samples.ts';
import { api, type ApiResult } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';

export interface SampleTrashState {
  /** Most recently deleted first; null until loaded. */
  items: TrashedSample[] | null;
  error: string | null;
  refresh(): Promise<void>;
  /** Puts a sample back in its place; true when it is back. */
  restore(id: number): Promise<boolean>;
  /** Removes a trashed sample and its audio for good; true when done. */
  deleteForever(id: number): Promise<boolean>;
}

/** The admin's `Recently deleted` list (decision 047). `onRestored` refreshes the live samples. */
export function useSampleTrash(onRestored: () => Promise<unknown>): SampleTrashState {
  const [items, setItems] = useState<TrashedSample[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);

  const apply = useCallback((result: ApiResult<TrashedSample[]>) => {
    if (!mounted.current) return;
    if (result.ok) setItems(Array.isArray(result.data) ? result.data : []);
    setError(result.ok ? null : result.message);
  }, []);

  const refresh = useCallback(async () => apply(await api<TrashedSample[]>('GET', '/api/samples/trash')), [apply]);

  useEffect(() => {
    mounted.current = true;
    void api<TrashedSample[]>('GET', '/api/samples/trash').then(apply);
    return () => {
      mounted.current = false;
    };
  }, [apply]);

  const restore = useCallback(
    async (id: number) => {
      const result = await api('POST', `/api/samples/${id}/restore`);
      toast(
        result.ok
          ? { title: 'Success', description: 'Sample restored' }
          : { title: 'Error', description: 'Failed to restore sample', variant: 'destructive' },
      );
      await Promise.all([onRestored(), refresh()]);
      return result.ok;
    },
    [onRestored, refresh],
  );

  const deleteForever = useCallback(
    async (id: number) => {
      const result = await api('DELETE', `/api/samples/${id}/trash`);
      toast(
        result.ok
          ? { title: 'Success', description: 'Sample deleted for good' }
          : { title: 'Error', description: 'Failed to delete sample', variant: 'destructive' },
      );
      await refresh();
      return result.ok;
    },
    [refresh],
  );

  return { items, error, refresh, restore, deleteForever };
}
