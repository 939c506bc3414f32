import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, forgotPasswordSchema } from '#common/admin-auth.ts';
import { Button } from '#app/components/ui/button.tsx';
import { toast } from '#app/lib/toast.ts';
import { firstErrors, postJson, validateForm } from './auth-api';
import { FormField } from './form-field';

const sendFailed = () => toast({ title: 'Error', description: 'Unable to send reset email', variant: 'destructive' });

export function ForgotPasswordForm({ onBackToLogin }: { onBackToLogin: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = validateForm(forgotPasswordSchema, { email: new FormData(event.currentTarget).get('email') }, setErrors);
    if (!values) return;
    setPending(true);
    try {
      const result = await postJson('/api/admin/forgot-password', values);
      if (result.ok) {
        toast({ title: 'Reset email sent', description: AUTH_MESSAGES.resetEmailSent });
        onBackToLogin();
      } else if (result.status === 400 && result.errors) {
        setErrors(firstErrors(result.errors));
      } else {
        sendFailed();
      }
    } catch {
      sendFailed();
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="grid gap-5">
      <FormField id="reset-email" name="email" type="email" label="Email" autoComplete="email" required error={errors.email} />
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
