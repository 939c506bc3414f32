import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContactStatus } from '#common/contact-status.ts';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import type { ContactSubmission, InboxFeed } from './contact-types.ts';

/** How often the open admin asks whether the inbox changed (only while the browser tab is visible). */
export const INBOX_POLL_MS = 5000;

export interface ContactSubmissionsState {
  submissions: ContactSubmission[] | null;
  error: string | null;
  setStatus(submission: ContactSubmission, status: ContactStatus): Promise<void>;
  remove(submission: ContactSubmission): Promise<boolean>;
  /** Opened (true) or put back to unread (false). */
  setRead(submission: ContactSubmission, read: boolean): Promise<void>;
  /** A message that joined the inbox from here (moved out of the spam folder): shown at once, in its place by date. */
  adopt(submission: ContactSubmission): void;
}

const newestFirst = (a: ContactSubmission, b: ContactSubmission) =>
  a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1;

/**
 * The owner's inbox. Lives at the dashboard level so the stat cards and the tab read one list: a
 * status change or a new message shows in Pending Contacts at once. After the first read it polls
 * the feed while the page is visible; the feed sends the list only when something changed
 * (docs/decisions/048-contact-inbox.md).
 */
export function useContactSubmissions(): ContactSubmissionsState {
  const [submissions, setSubmissions] = useState<ContactSubmission[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Bumped by every change made here: a poll answered from before it must not undo it on screen.
  const localChanges = useRef(0);

  useEffect(() => {
    let cancelled = false;
    let version: string | undefined;
    let polling = false;
    let timer: ReturnType<typeof setInterval> | undefined;

    const poll = async () => {
      if (cancelled || polling || document.visibilityState !== 'visible') return;
      polling = true;
      const changesBefore = localChanges.current;
      const query = version ? `?version=${encodeURIComponent(version)}` : '';
      const result = await api<InboxFeed>('GET', `/api/contact-submissions/feed${query}`);
      polling = false;
      // A failed poll keeps what is shown; the next one tries again.
      if (cancelled || !result.ok) return;
      if (changesBefore !== localChanges.current) {
        version = undefined;
        return;
      }
      version = result.data.version;
      const fresh = result.data.submissions;
      if (Array.isArray(fresh)) setSubmissions(fresh);
    };
    const onVisibility = () => void poll();

    // The first read is the list call the spec names, without retry: a failure shows until reload.
    void api<ContactSubmission[]>('GET', '/api/contact-submissions').then((result) => {
      if (cancelled) return;
      if (!result.ok) {
        setError(result.message);
        return;
      }
      setSubmissions(Array.isArray(result.data) ? result.data : []);
      timer = setInterval(() => void poll(), INBOX_POLL_MS);
      document.addEventListener('visibilitychange', onVisibility);
    });
    return () => {
      cancelled = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  const patchLocal = useCallback((id: number, change: Partial<ContactSubmission>) => {
    localChanges.current += 1;
    setSubmissions((list) => list?.map((item) => (item.id === id ? { ...item, ...change } : item)) ?? list);
  }, []);

  const setStatus = useCallback(
    async (submission: ContactSubmission, status: ContactStatus) => {
      const previous = submission.status;
      patchLocal(submission.id, { status });
      const result = await api('PATCH', `/api/contact-submissions/${submission.id}`, { status });
      if (result.ok) {
        toast({ title: 'Success', description: 'Status updated' });
        return;
      }
      patchLocal(submission.id, { status: previous });
      toast({ title: 'Error', description: 'Failed to update status', variant: 'destructive' });
    },
    [patchLocal],
  );

  const setRead = useCallback(
    async (submission: ContactSubmission, read: boolean) => {
      const previous = submission.readAt;
      patchLocal(submission.id, { readAt: read ? (previous ?? new Date().toISOString()) : null });
      const result = await api<ContactSubmission>(read ? 'PUT' : 'DELETE', `/api/contact-submissions/${submission.id}/read`);
      if (result.ok) {
        patchLocal(submission.id, { readAt: result.data.readAt });
        return;
      }
      patchLocal(submission.id, { readAt: previous });
      toast({
        title: 'Error',
        description: read ? 'Could not mark the message as read' : 'Could not mark the message as unread',
        variant: 'destructive',
      });
    },
    [patchLocal],
  );

  const remove = useCallback(async (submission: ContactSubmission) => {
    const result = await api('DELETE', `/api/contact-submissions/${submission.id}`);
    if (!result.ok) {
      toast({ title: 'Error', description: 'Failed to delete submission', variant: 'destructive' });
      return false;
    }
    localChanges.current += 1;
    setSubmissions((list) => list?.filter((item) => item.id !== submission.id) ?? list);
    toast({ title: 'Success', description: 'Submission deleted' });
    return true;
  }, []);

  const adopt = useCallback((submission: ContactSubmission) => {
    localChanges.current += 1;
    setSubmissions((list) => (list ? [...list.filter((item) => item.id !== submission.id), submission].sort(newestFirst) : list));
  }, []);

  return { submissions, error, setStatus, remove, setRead, adopt };
}
