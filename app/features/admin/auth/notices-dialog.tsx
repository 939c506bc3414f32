import { Mail } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { STAFF_NOTICE_KINDS, STAFF_NOTICE_LABELS, type StaffNoticeChoices, type StaffNoticeKind } from '#common/staff-notices.ts';
import { DialogCloseButton } from '#app/components/ui/dialog-parts.tsx';
import { api } from '#app/lib/api.ts';
import { cn } from '#app/lib/cn.ts';

type View = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'shown'; choices: StaffNoticeChoices };

/**
 * The studio's notices one gets by e-mail (decision 121), from the account menu: each kind on or off,
 * saved as it is ticked. The studio's own address gets every notice whatever anyone chooses.
 */
export function NoticesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    if (!open) return;
    let current = true;
    void api<{ choices: StaffNoticeChoices }>('GET', '/api/admin/me/notices').then((res) => {
      if (!current) return;
      setView(res.ok ? { kind: 'shown', choices: res.data.choices } : { kind: 'failed', message: res.message });
    });
    return () => {
      current = false;
    };
  }, [open]);

  // Closing forgets what was shown and said, so the next opening starts from fresh choices.
  const changeOpen = (next: boolean) => {
    if (!next) {
      setView({ kind: 'loading' });
      setStatus('');
      setError('');
    }
    onOpenChange(next);
  };

  async function choose(kind: StaffNoticeKind, on: boolean) {
    if (view.kind !== 'shown') return;
    const before = view.choices;
    setView({ kind: 'shown', choices: { ...before, [kind]: on } });
    setStatus('');
    setError('');
    const res = await api<{ choices: StaffNoticeChoices }>('PUT', '/api/admin/me/notices', { [kind]: on });
    if (res.ok) {
      setView({ kind: 'shown', choices: res.data.choices });
      setStatus(`${STAFF_NOTICE_LABELS[kind].label}: ${on ? 'on' : 'off'}. Saved.`);
    } else {
      setView({ kind: 'shown', choices: before });
      setError(res.message);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-2xl border border-line bg-surface-raised p-6 shadow-2xl focus:outline-none',
          )}
        >
          <Dialog.Title className="flex items-center gap-2 pr-8 text-xl font-bold text-fg">
            <Mail aria-hidden className="size-5 shrink-0 text-accent" />
            E-mail notices
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-fg-muted">
            What the studio e-mails you about. The studio’s own address gets every notice whatever you choose here.
          </Dialog.Description>
          <div className="mt-6">
            {view.kind === 'loading' ? <p className="text-sm text-fg-muted">Loading...</p> : null}
            {view.kind === 'failed' ? (
              <p role="alert" className="text-sm font-medium text-red-400">
                {view.message}
              </p>
            ) : null}
            {view.kind === 'shown' ? (
              <fieldset data-hydrated="true">
                <legend className="sr-only">E-mail me about</legend>
                <ul className="space-y-3">
                  {STAFF_NOTICE_KINDS.map((kind) => (
                    <li key={kind}>
                      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 hover:border-line-strong">
                        <input
                          type="checkbox"
                          className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]"
                          checked={view.choices[kind]}
                          onChange={(event) => void choose(kind, event.target.checked)}
                          aria-describedby={`notice-hint-${kind}`}
                        />
                        <span>
                          <span className="block text-sm font-medium text-fg">{STAFF_NOTICE_LABELS[kind].label}</span>
                          <span id={`notice-hint-${kind}`} className="block text-xs text-fg-muted">
                            {STAFF_NOTICE_LABELS[kind].hint}
                          </span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            ) : null}
            <p role="status" className="mt-4 min-h-5 text-sm text-fg-muted">
              {status}
            </p>
            {error ? (
              <p role="alert" className="text-sm font-medium text-red-400">
                {error}
              </p>
            ) : null}
          </div>
          <DialogCloseButton />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
