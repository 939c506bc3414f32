import { useState, type FormEvent } from 'react';
import { resetPasswordFormSchema } from '#common/admin-auth.ts';
import { checkPasswordStrength } from '#common/password-strength.ts';
import { firstErrors } from '#common/validation.ts';
import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { useSite } from '#app/lib/root-data.ts';
import { ChosenPasswordFields } from './chosen-password-fields.tsx';
import { validateForm } from './validate-form.ts';

type Outcome = { kind: 'editing' } | { kind: 'done' } | { kind: 'link-invalid'; message: string };

export function ResetPasswordForm({ token }: { token: string }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'editing' });
  // Only the studio is known here (the link names the account to the server alone): the server also weighs the owner's name and e-mail.
  const facts = { studioName: useSite().studio.name };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = validateForm(
      resetPasswordFormSchema,
      { password: form.get('password'), confirmPassword: form.get('confirmPassword') },
      setErrors,
    );
    if (!values) return;
    const strength = await checkPasswordStrength(values.password, facts);
    if (strength.reason) {
      setErrors({ password: strength.reason });
      return;
    }
    setPending(true);
    const result = await api<{ message: string }>('POST', '/api/admin/reset-password', { token, password: values.password });
    setPending(false);
    if (result.ok) {
      toast({ title: 'Password reset', description: 'You can now log in with your new password.' });
      setOutcome({ kind: 'done' });
    } else if (result.status === 0) {
      toast({ title: 'Error', description: 'Unable to connect to server', variant: 'destructive' });
    } else if (result.errors.password) {
      setErrors(firstErrors(result.errors));
    } else {
      setOutcome({ kind: 'link-invalid', message: result.serverMessage ?? 'This reset link is invalid or has expired.' });
    }
  }

  if (outcome.kind !== 'editing') {
    return (
      <div className="grid gap-5">
        <p role="status" className={outcome.kind === 'done' ? 'text-fg' : 'font-medium text-red-400'}>
          {outcome.kind === 'done' ? 'Your password has been changed. Every signed-in session was logged out.' : outcome.message}
        </p>
        <ButtonLink to="/manage" className="w-full">
          {outcome.kind === 'done' ? 'Go to Login' : 'Back to Login'}
        </ButtonLink>
      </div>
    );
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="grid gap-5">
      <ChosenPasswordFields
        idPrefix="new"
        labels={{ password: 'New password', confirm: 'Confirm new password' }}
        errors={errors}
        setErrors={setErrors}
        facts={facts}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Saving...' : 'Set New Password'}
      </Button>
    </form>
  );
}
