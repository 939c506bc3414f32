import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, loginSchema, type LoginAnswer } from '#common/admin-auth.ts';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { PasswordField } from '#app/components/ui/password-field.tsx';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { TwoFactorStep } from './two-factor-step.tsx';
import { validateForm } from './validate-form.ts';
import { cn } from '#app/lib/cn.ts';

/**
 * Username and password; for an admin with two-factor login, then the code step in its place. Both
 * steps live here so that every place that shows a LoginForm (the login page, a re-login dialog)
 * handles two-factor without knowing about it.
 */
export function LoginForm({ onForgotPassword, onLoggedIn }: { onForgotPassword: () => void; onLoggedIn: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [pendingToken, setPendingToken] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = validateForm(loginSchema, { username: form.get('username'), password: form.get('password') }, setErrors);
    if (!values) return;
    setPending(true);
    const result = await api<LoginAnswer>('POST', '/api/admin/login', values);
    setPending(false);
    if (result.ok && 'twoFactorRequired' in result.data) {
      setPendingToken(result.data.pendingToken);
    } else if (result.ok) {
      toast({ title: 'Login successful', description: 'Welcome to the admin panel.' });
      onLoggedIn();
    } else if (result.status === 0) {
      toast({ title: 'Login error', description: 'Unable to connect to server', variant: 'destructive' });
    } else {
      toast({ title: 'Login failed', description: result.serverMessage || AUTH_MESSAGES.invalidCredentials, variant: 'destructive' });
    }
  }

  if (pendingToken) return <TwoFactorStep pendingToken={pendingToken} onLoggedIn={onLoggedIn} onRestart={() => setPendingToken(null)} />;

  return (
    // method=post keeps the password out of the URL should someone submit before the page is interactive.
    <form method="post" noValidate onSubmit={submit} className="grid gap-5">
      <TextField
        id="username"
        name="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={errors.username}
      />
      <PasswordField id="password" name="password" label="Password" autoComplete="current-password" required error={errors.password} />
      <div className="flex justify-end">
        <button
          type="button"
          onClick={onForgotPassword}
          className={cn(
            'rounded text-sm font-medium text-accent underline-offset-4 hover:underline',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
          )}
        >
          Forgot password?
        </button>
      </div>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}
