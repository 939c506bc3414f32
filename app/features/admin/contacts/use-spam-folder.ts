import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type ApiResult } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import type { ContactSubmission, SpamSubmission } from './contact-types.ts';

const SPAM_LIST = '/api/contact-submissions?folder=spam';

export interface SpamFolderState {
  /** Newest first; null until loaded. */
  items: SpamSubmission[] | null;
  error: string | null;
  /** Moves a message to the inbox (the owner is e-mailed about it); true when it is there. */
  notSpam(item: SpamSubmission): Promise<boolean>;
}

/**
 * The inbox's Spam view (docs/decisions/089-kept-spam.md): read when the view opens, not polled (spam
 * needs no one's attention). `onMoved` puts a moved message into the inbox list at once.
 */
export function useSpamFolder(onMoved: (submission: ContactSubmission) => void): SpamFolderState {
  const [items, setItems] = useState<SpamSubmission[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);

  const apply = useCallback((result: ApiResult<SpamSubmission[]>) => {
    if (!mounted.current) return;
    if (result.ok) setItems(Array.isArray(result.data) ? result.data : []);
    setError(result.ok ? null : result.message);
  }, []);
  const load = useCallback(async () => apply(await api<SpamSubmission[]>('GET', SPAM_LIST)), [apply]);

  useEffect(() => {
    mounted.current = true;
    void api<SpamSubmission[]>('GET', SPAM_LIST).then(apply);
    return () => {
      mounted.current = false;
    };
  }, [apply]);

  const notSpam = useCallback(
    async (item: SpamSubmission) => {
      const result = await api<ContactSubmission>('POST', `/api/contact-submissions/${item.id}/not-spam`);
      if (!result.ok) {
        toast({ title: 'Error', description: result.serverMessage ?? 'Could not move the message to the inbox', variant: 'destructive' });
        // Another tab may have moved it already: show the folder as it is now.
        await load();
        return false;
      }
      if (mounted.current) setItems((list) => list?.filter((other) => other.id !== item.id) ?? list);
      onMoved(result.data);
      toast({ title: 'Moved to the inbox', description: `The message from ${item.name} is in the inbox now.` });
      return true;
    },
    [load, onMoved],
  );

  return { items, error, notSpam };
}
