import { useCallback, useEffect, useState } from 'react';
import type { AdminProfile } from '#common/admin-auth.ts';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';

/** `GET /api/admin/me` with the first-run flag the profile work adds (absent on older servers: not dismissed). */
type Me = AdminProfile & { setupChecklistDismissed?: boolean };

export interface AdminMeState {
  me: Me | null;
  setDismissed(dismissed: boolean): Promise<void>;
}

/**
 * The signed-in admin as the checklist needs it: the e-mail (is it still the placeholder?) and
 * whether they put the checklist away. Read again when the window regains focus, so an address
 * changed in another tab or in the account menu ticks its item.
 */
export function useAdminMe(): AdminMeState {
  const [me, setMe] = useState<Me | null>(null);

  useEffect(() => {
    let live = true;
    const load = () =>
      void api<Me>('GET', '/api/admin/me').then((result) => {
        if (live && result.ok) setMe(result.data);
      });
    load();
    window.addEventListener('focus', load);
    return () => {
      live = false;
      window.removeEventListener('focus', load);
    };
  }, []);

  const setDismissed = useCallback(async (dismissed: boolean) => {
    setMe((current) => (current ? { ...current, setupChecklistDismissed: dismissed } : current));
    const result = await api<Me>('PUT', '/api/admin/me/setup-checklist', { dismissed });
    if (result.ok) {
      setMe(result.data);
      return;
    }
    setMe((current) => (current ? { ...current, setupChecklistDismissed: !dismissed } : current));
    toast({
      title: 'Error',
      description: dismissed ? 'Failed to hide the checklist' : 'Failed to show the checklist',
      variant: 'destructive',
    });
  }, []);

  return { me, setDismissed };
}
