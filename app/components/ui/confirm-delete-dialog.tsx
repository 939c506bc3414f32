import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { buttonClasses } from './button.tsx';
import { cn } from '#app/lib/cn.ts';

interface ConfirmDeleteDialogProps {
  /** What the trigger button shows, and its accessible name (which names the thing to delete). */
  trigger: ReactNode;
  triggerLabel: string;
  triggerClassName?: string;
  title: string;
  description: ReactNode;
  /** The destructive button's words; `pendingLabel` ("Deleting..." unless told) while the request runs. */
  confirmLabel: string;
  pendingLabel?: string;
  /** Resolves true once deleted: the dialog closes; false keeps it open (the caller said why). */
  onDelete: () => Promise<boolean>;
}

/** A deletion that cannot be undone asks first: one alert dialog for every such button in the admin. */
export function ConfirmDeleteDialog({
  trigger,
  triggerLabel,
  triggerClassName,
  title,
  description,
  confirmLabel,
  pendingLabel = 'Deleting...',
  onDelete,
}: ConfirmDeleteDialogProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger
        className={buttonClasses('ghost', 'sm', cn('text-red-300 hover:text-red-200', triggerClassName))}
        aria-label={triggerLabel}
      >
        {trigger}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <AlertDialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
            'rounded-2xl border border-line bg-surface p-6 shadow-2xl focus:outline-none',
          )}
        >
          <AlertDialog.Title className="text-lg font-bold text-fg">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-fg-muted">{description}</AlertDialog.Description>
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
              {pending ? pendingLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
