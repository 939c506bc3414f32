import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, forgotPasswordSchema } from '#common/admin-auth.ts';
import { firstErrors } from '#common/validation.ts';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { api, hasFieldErrors } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { validateForm } from './validate-form.ts';

const sendFailed = () => toast({ title: 'Error', description: 'Unable to send reset email', variant: 'destructive' });

export function ForgotPasswordForm({ onBackToLogin }: { onBackToLogin: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = validateForm(forgotPasswordSchema, { email: new FormData(event.currentTarget).get('email') }, setErrors);
    if (!values) return;
    setPending(true);
    const result = await api('POST', '/api/admin/forgot-password', values);
    setPending(false);
    if (result.ok) {
      toast({ title: 'Reset email sent', description: AUTH_MESSAGES.resetEmailSent });
      onBackToLogin();
    } else if (result.status === 400 && hasFieldErrors(result.errors)) {
      setErrors(firstErrors(result.errors));
    } else {
      sendFailed();
    }
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="grid gap-5">
      <TextField id="reset-email" name="email" type="email" label="Email" autoComplete="email" required error={errors.email} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBackToLogin}>
          Back to Login
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </div>
    </form>
  );
}
