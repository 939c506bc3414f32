import { Copy, Download, ShieldCheck, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  groupedKey,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '#common/admin-auth.ts';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { PasswordField } from '#app/components/ui/password-field.tsx';
import { api, hasFieldErrors, type ApiFailure } from '#app/lib/api.ts';
import { cn } from '#app/lib/cn.ts';
import { toast } from '#app/lib/toast.ts';
import { validateForm } from './validate-form';

type View =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'scan'; setup: TwoFactorSetup }
  | { kind: 'recovery-codes'; codes: string[] }
  | { kind: 'enabled'; recoveryCodesLeft: number };

const failureText = (result: ApiFailure, fallback: string) =>
  result.status === 0 ? 'Unable to connect to server' : (result.serverMessage ?? fallback);

/**
 * Two-factor login from the account menu. Off: a new secret as a QR code and a manual key, turned on
 * by the first code from the app, then the ten recovery codes, shown this once. On: turned off with
 * the current password and a code.
 */
export function TwoFactorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [view, setView] = useState<View>({ kind: 'loading' });

  useEffect(() => {
    if (!open) return;
    let current = true;
    const show = (next: View) => current && setView(next);
    void (async () => {
      const status = await api<TwoFactorStatus>('GET', '/api/admin/two-factor');
      if (!status.ok) return show({ kind: 'failed', message: failureText(status, 'Unable to load two-factor settings') });
      if (status.data.enabled) return show({ kind: 'enabled', recoveryCodesLeft: status.data.recoveryCodesLeft });
      const setup = await api<TwoFactorSetup>('POST', '/api/admin/two-factor/setup');
      show(setup.ok ? { kind: 'scan', setup: setup.data } : { kind: 'failed', message: failureText(setup, 'Unable to start the setup') });
    })();
    return () => {
      current = false;
    };
  }, [open]);

  // Closing forgets what was shown, so the next opening starts from 'loading' and fresh settings.
  const changeOpen = (next: boolean) => {
    if (!next) setView({ kind: 'loading' });
    onOpenChange(next);
  };
  const close = () => changeOpen(false);
  const descriptions: Record<View['kind'], string> = {
    loading: 'Loading your two-factor settings.',
    failed: 'Two-factor settings could not be loaded.',
    scan: 'Add this site to an authenticator app, then enter the code it shows.',
    'recovery-codes': 'Two-factor authentication is on. Save your recovery codes now.',
    enabled: 'Logins to this account ask for a code from your authenticator app after the password.',
  };

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-2xl border border-line bg-surface p-6 shadow-2xl focus:outline-none',
          )}
        >
          <Dialog.Title className="flex items-center gap-2 pr-8 text-xl font-bold text-fg">
            <ShieldCheck aria-hidden className="size-5 shrink-0 text-accent" />
            Two-factor authentication
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-fg-muted">{descriptions[view.kind]}</Dialog.Description>
          <div className="mt-6">
            {view.kind === 'loading' ? <p className="text-sm text-fg-muted">Loading...</p> : null}
            {view.kind === 'failed' ? (
              <p role="alert" className="text-sm font-medium text-red-400">
                {view.message}
              </p>
            ) : null}
            {view.kind === 'scan' ? (
              <ScanStep setup={view.setup} onConfirmed={(codes) => setView({ kind: 'recovery-codes', codes })} />
            ) : null}
            {view.kind === 'recovery-codes' ? <RecoveryCodes codes={view.codes} onDone={close} /> : null}
            {view.kind === 'enabled' ? <DisableForm recoveryCodesLeft={view.recoveryCodesLeft} onDisabled={close} /> : null}
          </div>
          <Dialog.Close
            aria-label="Close"
            className={cn(
              'absolute right-3 top-3 grid size-9 place-items-center rounded-md text-fg-muted hover:text-fg',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
            )}
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`two-factor-step-${number}`} className="grid gap-3">
      <h3 id={`two-factor-step-${number}`} className="flex items-center gap-2 text-sm font-semibold text-fg">
        <span aria-hidden className="grid size-6 place-items-center rounded-full bg-accent-soft text-xs text-accent">
          {number}
        </span>
        {title}
      </h3>
      {children}
    </section>
  );
}

async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: `${what} copied to the clipboard.` });
  } catch {
    toast({ title: 'Copy failed', description: `Select the ${what.toLowerCase()} and copy it yourself.`, variant: 'destructive' });
  }
}

function ScanStep({ setup, onConfirmed }: { setup: TwoFactorSetup; onConfirmed: (codes: string[]) => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = validateForm(confirmTwoFactorSchema, { code: new FormData(event.currentTarget).get('code') }, setErrors);
    if (!values) return;
    setPending(true);
    const result = await api<{ recoveryCodes: string[] }>('POST', '/api/admin/two-factor/confirm', values);
    setPending(false);
    if (result.ok) onConfirmed(result.data.recoveryCodes);
    else if (hasFieldErrors(result.errors)) setErrors({ code: result.errors.code?.[0] ?? result.serverMessage ?? '' });
    else toast({ title: 'Error', description: failureText(result, 'Unable to turn on two-factor'), variant: 'destructive' });
  }

  return (
    <div className="grid gap-6">
      <Step number={1} title="Scan the QR code">
        <p className="text-sm text-fg-muted">
          Open an authenticator app (1Password, Google Authenticator, Aegis, Authy...) and scan this code.
        </p>
        {/* The server renders the SVG (qrcode): markup only, no script, so the CSP is unaffected. */}
        <div
          role="img"
          aria-label="QR code that adds this account to an authenticator app"
          className="mx-auto size-48 rounded-xl bg-white p-1 [&>svg]:size-full"
          dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
        />
        <div className="grid gap-2 rounded-lg border border-line bg-ink p-3">
          <p id="two-factor-key-label" className="text-xs text-fg-subtle">
            Cannot scan? Enter this key in the app instead (time-based, 6 digits):
          </p>
          <div className="flex items-center justify-between gap-2">
            <code
              aria-labelledby="two-factor-key-label"
              className="break-all font-mono text-sm tracking-wider text-fg"
              data-testid="two-factor-key"
            >
              {groupedKey(setup.secret)}
            </code>
            <Button variant="ghost" size="sm" onClick={() => void copyText(setup.secret, 'The key')} aria-label="Copy the key">
              <Copy aria-hidden className="size-4" />
            </Button>
          </div>
        </div>
      </Step>
      <Step number={2} title="Enter the code from the app">
        <form method="post" noValidate onSubmit={submit} className="grid gap-5">
          <TextField
            id="two-factor-confirm-code"
            name="code"
            label="6-digit code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            placeholder="123456"
            className="font-mono tracking-widest"
            error={errors.code}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button type="submit" disabled={pending}>
              {pending ? 'Checking...' : 'Turn on'}
            </Button>
          </div>
        </form>
      </Step>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Recovery codes for the studio admin (each works once):\n\n${codes.join('\n')}\n`;

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'admin-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="grid gap-5">
      <p className="rounded-lg border border-accent/40 bg-accent-soft p-3 text-sm text-fg">
        If you lose your phone, each of these codes signs you in once. Keep them somewhere safe, like a password manager. They are shown
        only now.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg border border-line bg-ink p-4 font-mono text-sm text-fg"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => void copyText(codes.join('\n'), 'The recovery codes')}>
          <Copy aria-hidden className="size-4" />
          Copy codes
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download aria-hidden className="size-4" />
          Download
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

function DisableForm({ recoveryCodesLeft, onDisabled }: { recoveryCodesLeft: number; onDisabled: () => void }) {
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
      setErrors(Object.fromEntries(Object.entries(result.errors).map(([field, messages]) => [field, messages[0]!])));
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
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" variant="destructive" disabled={pending}>
          {pending ? 'Turning off...' : 'Turn off two-factor'}
        </Button>
      </div>
    </form>
  );
}
