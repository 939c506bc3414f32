import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '#common/staff-roles.ts';
import type { RequiredTwoFactor } from '#common/staff-sessions.ts';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';

const checkboxClasses =
  'size-5 shrink-0 accent-[var(--color-accent)] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent';

/**
 * The owner's rule of which roles must use two-factor (decision 117). Saved on each change; a person
 * of a ticked role without two-factor is shown only its setup from their next click (the owner too,
 * who can always finish it).
 */
export function RequiredTwoFactorSettings() {
  const [required, setRequired] = useState<RequiredTwoFactor | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void api<RequiredTwoFactor>('GET', '/api/admin/staff/required-two-factor').then((result) => {
      if (result.ok) setRequired(result.data);
      else setError(result.serverMessage ?? result.message);
    });
  }, []);

  async function change(role: StaffRole, on: boolean) {
    if (!required) return;
    const before = required;
    // Ticked at once; put back if the server says no.
    setRequired({ ...required, [role]: on });
    const result = await api<RequiredTwoFactor>('PUT', '/api/admin/staff/required-two-factor', { ...required, [role]: on });
    if (!result.ok) {
      setRequired(before);
      toast({ title: 'Not saved', description: result.serverMessage ?? result.message, variant: 'destructive' });
      return;
    }
    setRequired(result.data);
    const who = `${STAFF_ROLE_LABELS[role]}s`;
    toast({
      title: 'Saved',
      description: on
        ? `${who} must use two-factor: anyone without it is asked to set it up first.`
        : `${who} may sign in without two-factor.`,
    });
  }

  return (
    <fieldset className="grid gap-3 rounded-xl border border-line bg-surface p-4" aria-describedby="required-two-factor-help">
      <legend className="flex items-center gap-2 px-1 font-semibold text-fg">
        <ShieldCheck aria-hidden className="size-4 text-accent" />
        Required two-factor
      </legend>
      <p id="required-two-factor-help" className="text-sm text-fg-muted">
        A person of a ticked role who has not set up two-factor is shown only its setup until they have. This includes you.
      </p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-400">
          {error}
        </p>
      ) : (
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          {STAFF_ROLES.map((role) => (
            <label key={role} className="flex min-h-11 items-center gap-2 text-sm text-fg">
              <input
                type="checkbox"
                className={checkboxClasses}
                checked={required?.[role] ?? false}
                disabled={!required}
                onChange={(event) => void change(role, event.currentTarget.checked)}
              />
              {STAFF_ROLE_LABELS[role]}s must use two-factor
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
