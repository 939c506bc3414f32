import { useCallback, useEffect, useState } from 'react';
import type { StaffSession, StaffSessionList } from '#common/staff-sessions.ts';
import { api, type ApiResult } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';

export interface SessionsState {
  sessions: StaffSession[] | null;
  error: string | null;
  end(session: StaffSession): Promise<void>;
  endOthers(): Promise<void>;
}

const failed = (title: string, description: string) => toast({ title, description, variant: 'destructive' });

/** One person's sessions (the signed-in person's, or with `person` someone's, for the owner) and ending them. */
export function useSessions(person?: number): SessionsState {
  const [sessions, setSessions] = useState<StaffSession[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const url = person === undefined ? '/api/admin/sessions' : `/api/admin/sessions?person=${person}`;

  const take = useCallback((result: ApiResult<StaffSessionList>) => {
    if (result.ok) {
      setSessions(result.data.sessions);
      setError(null);
    } else setError(result.serverMessage ?? result.message);
  }, []);
  const load = useCallback(() => api<StaffSessionList>('GET', url).then(take), [url, take]);

  useEffect(() => {
    void api<StaffSessionList>('GET', url).then(take);
  }, [url, take]);

  const end = useCallback(
    async (session: StaffSession) => {
      const result = await api('DELETE', `/api/admin/sessions/${encodeURIComponent(session.id)}`);
      if (!result.ok && result.status !== 404) failed('Not ended', result.serverMessage ?? result.message);
      else toast({ title: 'Session ended', description: `${session.device} is signed out.` });
      await load();
    },
    [load],
  );

  const endOthers = useCallback(async () => {
    const result = await api<{ ended: number }>('DELETE', '/api/admin/sessions');
    if (!result.ok) failed('Not ended', result.serverMessage ?? result.message);
    else toast({ title: 'Other sessions ended', description: 'Every other browser signed in as you is signed out.' });
    await load();
  }, [load]);

  return { sessions, error, end, endOthers };
}
