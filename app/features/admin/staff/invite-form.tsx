import { useState, type FormEvent } from 'react';
import { staffInviteSchema } from '#common/staff.ts';
import { STAFF_ROLE_LABELS, STAFF_ROLE_SUMMARIES, STAFF_ROLES, type StaffRole } from '#common/staff-roles.ts';
import { firstErrors } from '#common/validation.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FormField, inputClasses, TextField } from '#app/components/ui/form-field.tsx';
import { validateForm } from '#app/features/admin/auth/validate-form.ts';
import type { StaffState } from './use-staff.ts';

/** Name, e-mail and role: the invitation goes out by e-mail with a link valid 72 hours. */
export function InviteForm({ invite }: { invite: StaffState['invite'] }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [role, setRole] = useState<StaffRole>('engineer');
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = validateForm(staffInviteSchema, { name: data.get('name'), email: data.get('email'), role }, setErrors);
    if (!values) return;
    setPending(true);
    const refused = await invite(values);
    setPending(false);
    if (refused) setErrors(firstErrors(refused));
    else {
      form.reset();
      setRole('engineer');
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-4 rounded-xl border border-line bg-surface p-4 sm:p-6"
      aria-labelledby="invite-heading"
    >
      <h3 id="invite-heading" className="text-lg font-semibold text-fg">
        Invite someone
      </h3>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField id="invite-name" name="name" label="Name" autoComplete="off" error={errors.name} />
        <TextField id="invite-email" name="email" type="email" label="E-mail" autoComplete="off" error={errors.email} />
      </div>
      <FormField id="invite-role" label="Role" error={errors.role} hint={STAFF_ROLE_SUMMARIES[role]}>
        {(control) => (
          <select {...control} className={inputClasses} value={role} onChange={(event) => setRole(event.currentTarget.value as StaffRole)}>
            {STAFF_ROLES.map((option) => (
              <option key={option} value={option}>
                {STAFF_ROLE_LABELS[option]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Sending...' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}
