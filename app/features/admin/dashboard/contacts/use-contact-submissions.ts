import { useCallback, useEffect, useState } from 'react';
import type { ContactStatus } from '#common/contact-status.ts';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import type { ContactSubmission } from './contact-types';

export interface ContactSubmissionsState {
  submissions: ContactSubmission[] | null;
  error: string | null;
  setStatus(submission: ContactSubmission, status: ContactStatus): Promise<void>;
  remove(submission: ContactSubmission): Promise<boolean>;
}

/**
 * The owner's inbox. Lives at the dashboard level so the stat cards and the tab read one list:
 * a status change shows in Pending Contacts at once.
 */
export function useContactSubmissions(): ContactSubmissionsState {
  const [submissions, setSubmissions] = useState<ContactSubmission[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    // Read once, no retry: a failure shows its message until the page is reloaded.
    void api<ContactSubmission[]>('GET', '/api/contact-submissions').then((result) => {
      if (cancelled) return;
      if (result.ok) setSubmissions(Array.isArray(result.data) ? result.data : []);
      else setError(result.message);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const setStatus = useCallback(async (submission: ContactSubmission, status: ContactStatus) => {
    const previous = submission.status;
    const apply = (value: string) =>
      setSubmissions((list) => list?.map((item) => (item.id === submission.id ? { ...item, status: value } : item)) ?? list);
    apply(status);
    const result = await api('PATCH', `/api/contact-submissions/${submission.id}`, { status });
    if (result.ok) {
      toast({ title: 'Success', description: 'Status updated' });
      return;
    }
    apply(previous);
    toast({ title: 'Error', description: 'Failed to update status', variant: 'destructive' });
  }, []);

  const remove = useCallback(async (submission: ContactSubmission) => {
    const result = await api('DELETE', `/api/contact-submissions/${submission.id}`);
    if (!result.ok) {
      toast({ title: 'Error', description: 'Failed to delete submission', variant: 'destructive' });
      return false;
    }
    setSubmissions((list) => list?.filter((item) => item.id !== submission.id) ?? list);
    toast({ title: 'Success', description: 'Submission deleted' });
    return true;
  }, []);

  return { submissions, error, setStatus, remove };
}
