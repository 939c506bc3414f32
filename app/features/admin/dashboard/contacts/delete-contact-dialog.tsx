import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { buttonClasses } from '#app/components/ui/button.tsx';
import type { ContactSubmission } from './contact-types';
import { cn } from '#app/lib/cn.ts';

/** Deleting a message cannot be undone, so it asks first. */
export function DeleteContactDialog({ submission, onDelete }: { submission: ContactSubmission; onDelete: () => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger
        className={buttonClasses('ghost', 'sm', 'text-red-300 hover:text-red-200 max-sm:h-11')}
        aria-label={`Delete the message from ${submission.name}`}
      >
        Delete
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <AlertDialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
            'rounded-2xl border border-line bg-surface p-6 shadow-2xl focus:outline-none',
          )}
        >
          <AlertDialog.Title className="text-lg font-bold text-fg">Delete this submission?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-fg-muted">
            The message from {submission.name} ({submission.email}) will be removed for good.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('secondary', 'md')}>Cancel</AlertDialog.Cancel>
            <button
              type="button"
              disabled={pending}
              className={buttonClasses('destructive', 'md')}
              onClick={async () => {
                setPending(true);
                const deleted = await onDelete();
                setPending(false);
                if (deleted) setOpen(false);
              }}
            >
              {pending ? 'Deleting...' : 'Delete'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
