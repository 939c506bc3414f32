import { useEffect, useState } from 'react';
import type { TwoFactorSetup } from '#common/admin-auth.ts';
import { Button } from '#app/components/ui/button.tsx';
import { api } from '#app/lib/api.ts';
import { AuthCard } from './auth-card.tsx';
import { LogoutButton } from './logout-button.tsx';
import { failureText } from './two-factor-feedback.ts';
import { RecoveryCodes, ScanStep } from './two-factor-setup.tsx';

type View =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'scan'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] };

/**
 * The whole admin for someone whose role requires two-factor they have not set up (decision 117):
 * the setup, then the recovery codes, then the admin. The API refuses everything else meanwhile;
 * signing out stays open.
 */
export function TwoFactorRequired({ onDone, onLoggedOut }: { onDone: () => void; onLoggedOut: () => void }) {
  const [view, setView] = useState<View>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    void api<TwoFactorSetup>('POST', '/api/admin/two-factor/setup').then((setup) => {
      if (!current) return;
      // Already on (set up in another tab): the admin is open again.
      if (!setup.ok && setup.status === 409) return setView({ kind: 'codes', codes: [] });
      setView(
        setup.ok ? { kind: 'scan', setup: setup.data } : { kind: 'failed', message: failureText(setup, 'Unable to start the setup') },
      );
    });
    return () => {
      current = false;
    };
  }, []);

  return (
    <AuthCard
      title="Set up two-factor authentication"
      intro={
        'The studio requires two-factor authentication for your role. ' +
        'Set it up to open the admin: it takes a minute with an authenticator app.'
      }
    >
      <div className="grid gap-6" data-two-factor-required="">
        {view.kind === 'loading' ? <p className="text-sm text-fg-muted">Loading...</p> : null}
        {view.kind === 'failed' ? (
          <p role="alert" className="text-sm font-medium text-red-400">
            {view.message}
          </p>
        ) : null}
        {view.kind === 'scan' ? (
          <ScanStep standalone setup={view.setup} onConfirmed={(codes) => setView({ kind: 'codes', codes })} />
        ) : null}
        {view.kind === 'codes' && view.codes.length > 0 ? <RecoveryCodes codes={view.codes} onDone={onDone} /> : null}
        {view.kind === 'codes' && view.codes.length === 0 ? (
          <div className="grid gap-3">
            <p className="text-sm text-fg">Two-factor authentication is already on for your account.</p>
            <Button onClick={onDone} className="sm:justify-self-end">
              Open the admin
            </Button>
          </div>
        ) : null}
        <div className="border-t border-line pt-4">
          <LogoutButton onLoggedOut={onLoggedOut} />
        </div>
      </div>
    </AuthCard>
  );
}
