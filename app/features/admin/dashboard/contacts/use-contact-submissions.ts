import { useCallback, useEffect, useState } from 'react';
import type { ContactStatus } from '#common/contact-status.ts';
import { toast } from '#app/lib/toast.ts';
import { apiRequest } from '#app/features/admin/dashboard/admin-api.ts';
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
    // Read once, no retry (SPEC section 7).
    apiRequest<ContactSubmission[]>('GET', '/api/contact-submissions')
      .then((list) => {
        if (!cancelled) setSubmissions(Array.isArray(list) ? list : []);
      })
      .catch((reason: unknown) => {
        if (!cancelled) setError(reason instanceof Error ? reason.message : 'Unknown error');
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
    try {
      await apiRequest('PATCH', `/api/contact-submissions/${submission.id}`, { status });
      toast({ title: 'Success', description: 'Status updated' });
    } catch {
      apply(previous);
      toast({ title: 'Error', description: 'Failed to update status', variant: 'destructive' });
    }
  }, []);

  const remove = useCallback(async (submission: ContactSubmission) => {
    try {
      await apiRequest('DELETE', `/api/contact-submissions/${submission.id}`);
      setSubmissions((list) => list?.filter((item) => item.id !== submission.id) ?? list);
      toast({ title: 'Success', description: 'Submission deleted' });
      return true;
    } catch {
      toast({ title: 'Error', description: 'Failed to delete submission', variant: 'destructive' });
      return false;
    }
  }, []);

  return { submissions, error, setStatus, remove };
}
