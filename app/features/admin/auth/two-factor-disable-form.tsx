import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { disableTwoFactorSchema } from '#common/admin-auth.ts';
import { firstErrors } from '#common/validation.ts';
import { DialogFormActions } from '#app/components/ui/dialog-parts.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { PasswordField } from '#app/components/ui/password-field.tsx';
import { api, hasFieldErrors } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { failureText } from './two-factor-feedback.ts';
import { validateForm } from './validate-form.ts';

/** The two-factor dialog when it is on: how many recovery codes are left, and turning it off. */
export function DisableTwoFactorForm({ recoveryCodesLeft, onDisabled }: { recoveryCodesLeft: number; onDisabled: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = validateForm(disableTwoFactorSchema, { password: form.get('password'), code: form.get('code') }, setErrors);
    if (!values) return;
    setPending(true);
    const result = await api<{ message: string }>('POST', '/api/admin/two-factor/disable', values);
    setPending(false);
    if (result.ok) {
      toast({ title: 'Two-factor authentication off', description: 'Logins now ask for your password only.' });
      onDisabled();
    } else if (hasFieldErrors(result.errors)) {
      setErrors(firstErrors(result.errors));
    } else {
      toast({ title: 'Error', description: failureText(result, 'Unable to turn off two-factor'), variant: 'destructive' });
    }
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="grid gap-5">
      <p className="flex items-center gap-2 text-sm font-medium text-fg">
        <ShieldCheck aria-hidden className="size-4 text-accent" />
        On, with {recoveryCodesLeft} unused recovery {recoveryCodesLeft === 1 ? 'code' : 'codes'}.
      </p>
      <p className="text-sm text-fg-muted">
        To turn it off, enter your password and a code from your app or a recovery code.
        {recoveryCodesLeft <= 3 ? ' Turning it off and on again gives you ten new recovery codes.' : ''}
      </p>
      <PasswordField
        id="two-factor-password"
        name="password"
        label="Current password"
        autoComplete="current-password"
        error={errors.password}
      />
      <TextField
        id="two-factor-disable-code"
        name="code"
        label="Authentication or recovery code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        className="font-mono tracking-widest"
        error={errors.code}
      />
      <DialogFormActions pending={pending} submitLabel="Turn off two-factor" pendingLabel="Turning off..." variant="destructive" />
    </form>
  );
}
