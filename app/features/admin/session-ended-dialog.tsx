import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { ForgotPasswordForm } from '#app/features/admin/auth/forgot-password-form.tsx';
import { LoginForm } from '#app/features/admin/auth/login-form.tsx';
import { cn } from '#app/lib/cn.ts';
import { SESSION_ENDED_MESSAGE } from '#app/lib/session-ended.ts';

const keepOpen = (event: Event) => event.preventDefault();

/**
 * Over the dashboard when the session has ended: the login form (or the forgot-password form it
 * leads to) in a modal that only a login closes. Escape and clicks outside do nothing, since behind
 * it every request waits for that login; the dashboard stays mounted, so unsaved input is kept.
 */
export function SessionEndedDialog({ open, onLoggedIn }: { open: boolean; onLoggedIn: () => void }) {
  const [view, setView] = useState<'login' | 'forgot'>('login');
  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/80 backdrop-blur-sm" />
        <Dialog.Content
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-2xl border border-line bg-surface p-6 shadow-2xl focus:outline-none sm:p-8',
          )}
        >
          <Dialog.Title className="text-xl font-bold text-fg">{view === 'login' ? 'Log in to continue' : 'Reset Password'}</Dialog.Title>
          <Dialog.Description className="mt-2 font-medium text-fg">{SESSION_ENDED_MESSAGE}</Dialog.Description>
          <p className="mt-1 text-sm text-fg-muted">
            {view === 'login'
              ? 'Nothing on this page is lost: what you were doing carries on once you have logged in.'
              : 'Enter the email address of your admin account and we will send you a link to choose a new password.'}
          </p>
          <div className="mt-6">
            {view === 'login' ? (
              <LoginForm onForgotPassword={() => setView('forgot')} onLoggedIn={onLoggedIn} />
            ) : (
              <ForgotPasswordForm onBackToLogin={() => setView('login')} />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
