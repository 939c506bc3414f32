import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_MESSAGES, twoFactorLoginSchema, type AdminProfile } from '#common/admin-auth.ts';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { api } from '#app/lib/api.ts';
import { cn } from '#app/lib/cn.ts';
import { toast } from '#app/lib/toast.ts';
import { validateForm } from './validate-form.ts';

const linkButton = cn(
  'rounded text-sm font-medium text-accent underline-offset-4 hover:underline',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
);

/**
 * The login's second step, inside LoginForm: a code from the authenticator app, or one of the
 * recovery codes. `onRestart` goes back to the password (the pending login has expired, or the
 * admin wants to).
 */
export function TwoFactorStep({
  pendingToken,
  onLoggedIn,
  onRestart,
}: {
  pendingToken: string;
  onLoggedIn: () => void;
  onRestart: () => void;
}) {
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = validateForm(twoFactorLoginSchema, { pendingToken, code: form.get('code') }, setErrors);
    if (!values) return;
    setPending(true);
    const result = await api<{ admin: AdminProfile }>('POST', '/api/admin/login/two-factor', values);
    setPending(false);
    if (result.ok) {
      toast({ title: 'Login successful', description: 'Welcome to the admin panel.' });
      onLoggedIn();
    } else if (result.status === 0) {
      toast({ title: 'Login error', description: 'Unable to connect to server', variant: 'destructive' });
    } else if (result.serverMessage === TWO_FACTOR_MESSAGES.pendingExpired) {
      toast({ title: 'Login expired', description: result.serverMessage, variant: 'destructive' });
      onRestart();
    } else if (result.errors.code) {
      setErrors({ code: result.errors.code[0]! });
    } else {
      toast({ title: 'Login failed', description: result.serverMessage ?? TWO_FACTOR_MESSAGES.wrongCode, variant: 'destructive' });
    }
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="grid gap-5" aria-labelledby="two-factor-heading">
      <div>
        <h2 id="two-factor-heading" className="text-lg font-semibold text-fg">
          Two-factor authentication
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          {useRecoveryCode
            ? 'Enter one of the recovery codes you saved when you turned two-factor on. Each code works once.'
            : 'Enter the 6-digit code your authenticator app shows for this site.'}
        </p>
      </div>
      <TextField
        key={useRecoveryCode ? 'recovery' : 'totp'}
        id="two-factor-code"
        name="code"
        label={useRecoveryCode ? 'Recovery code' : 'Authentication code'}
        autoComplete="one-time-code"
        inputMode={useRecoveryCode ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={useRecoveryCode ? 20 : 7}
        placeholder={useRecoveryCode ? 'xxxxx-xxxxx' : '123456'}
        className="font-mono tracking-widest"
        autoFocus
        required
        error={errors.code}
      />
      <div className="flex flex-wrap justify-between gap-3">
        <button type="button" onClick={onRestart} className={linkButton}>
          Back to password
        </button>
        <button
          type="button"
          onClick={() => {
            setErrors({});
            setUseRecoveryCode((value) => !value);
          }}
          className={linkButton}
        >
          {useRecoveryCode ? 'Use the authenticator app' : 'Use a recovery code'}
        </button>
      </div>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Verifying...' : 'Verify'}
      </Button>
    </form>
  );
}
