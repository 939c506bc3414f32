import { useCallback, useEffect, useState } from 'react';
import type { StaffChange, StaffInvite, StaffMember } from '#common/staff.ts';
import type { FieldErrors } from '#common/validation.ts';
import { api, type ApiResult } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';

export interface StaffState {
  staff: StaffMember[] | null;
  error: string | null;
  /** Resolves with the fields to fix, or null once invited. */
  invite(input: StaffInvite): Promise<FieldErrors | null>;
  change(member: StaffMember, change: StaffChange): Promise<void>;
  remove(member: StaffMember): Promise<boolean>;
  resend(member: StaffMember): Promise<void>;
}

const refused = (title: string, description: string) => toast({ title, description, variant: 'destructive' });

/** The staff page's list and its writes; each write's answer replaces the person shown (or reloads the list). */
export function useStaff(): StaffState {
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const take = useCallback((result: ApiResult<{ staff: StaffMember[] }>) => {
    if (result.ok) {
      setStaff(result.data.staff);
      setError(null);
    } else setError(result.serverMessage ?? result.message);
  }, []);
  const load = useCallback(() => api<{ staff: StaffMember[] }>('GET', '/api/admin/staff').then(take), [take]);

  useEffect(() => {
    void api<{ staff: StaffMember[] }>('GET', '/api/admin/staff').then(take);
  }, [take]);

  const invite = useCallback(
    async (input: StaffInvite) => {
      const result = await api<StaffMember>('POST', '/api/admin/staff', input);
      if (!result.ok) {
        if (Object.keys(result.errors).length > 0) return result.errors;
        refused('Not invited', result.serverMessage ?? result.message);
        return {};
      }
      toast({ title: 'Invitation sent', description: `${result.data.name} can join from the e-mail sent to ${result.data.email}.` });
      await load();
      return null;
    },
    [load],
  );

  const change = useCallback(
    async (member: StaffMember, next: StaffChange) => {
      const result = await api<StaffMember>('PATCH', `/api/admin/staff/${member.id}`, next);
      if (!result.ok) refused('Not changed', result.serverMessage ?? result.message);
      else toast({ title: 'Saved', description: `${result.data.name}: ${result.data.role}, ${result.data.status}.` });
      await load();
    },
    [load],
  );

  const remove = useCallback(
    async (member: StaffMember) => {
      const result = await api('DELETE', `/api/admin/staff/${member.id}`);
      if (!result.ok) refused('Not removed', result.serverMessage ?? result.message);
      else toast({ title: 'Removed', description: `${member.name} is no longer on the staff.` });
      await load();
      return result.ok;
    },
    [load],
  );

  const resend = useCallback(async (member: StaffMember) => {
    const result = await api('POST', `/api/admin/staff/${member.id}/resend-invite`);
    if (!result.ok) refused('Not sent', result.serverMessage ?? result.message);
    else toast({ title: 'Invitation sent again', description: `A new link went to ${member.email}; the older one no longer works.` });
  }, []);

  return { staff, error, invite, change, remove, resend };
}
