import { Copy, Download } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { confirmTwoFactorSchema, groupedKey, type TwoFactorSetup } from '#common/admin-auth.ts';
import { Button } from '#app/components/ui/button.tsx';
import { DialogFormActions } from '#app/components/ui/dialog-parts.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { api, hasFieldErrors } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { copyText, failureText } from './two-factor-feedback.ts';
import { validateForm } from './validate-form.ts';

// The enrolment views of the two-factor dialog: scan and confirm, then the recovery codes.

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

/**
 * The QR code and manual key, and the first code from the app, which turns two-factor on. `standalone`:
 * on the required-setup page, outside a dialog, so without the dialog's Cancel.
 */
export function ScanStep({
  setup,
  onConfirmed,
  standalone = false,
}: {
  setup: TwoFactorSetup;
  onConfirmed: (codes: string[]) => void;
  standalone?: boolean;
}) {
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
          {standalone ? (
            <Button type="submit" disabled={pending} className="sm:justify-self-end">
              {pending ? 'Checking...' : 'Turn on'}
            </Button>
          ) : (
            <DialogFormActions pending={pending} submitLabel="Turn on" pendingLabel="Checking..." />
          )}
        </form>
      </Step>
    </div>
  );
}

/** The ten recovery codes, shown this once, with copy and download. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
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
