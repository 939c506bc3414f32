import { ShieldCheck } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import type { TwoFactorSetup, TwoFactorStatus } from '#common/admin-auth.ts';
import { DialogCloseButton } from '#app/components/ui/dialog-parts.tsx';
import { api } from '#app/lib/api.ts';
import { cn } from '#app/lib/cn.ts';
import { DisableTwoFactorForm } from './two-factor-disable-form.tsx';
import { failureText } from './two-factor-feedback.ts';
import { RecoveryCodes, ScanStep } from './two-factor-setup.tsx';

type View =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'scan'; setup: TwoFactorSetup }
  | { kind: 'recovery-codes'; codes: string[] }
  | { kind: 'enabled'; recoveryCodesLeft: number };

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
            {view.kind === 'enabled' ? <DisableTwoFactorForm recoveryCodesLeft={view.recoveryCodesLeft} onDisabled={close} /> : null}
          </div>
          <DialogCloseButton />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
