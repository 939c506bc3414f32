import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '#app/lib/cn.ts';
import { Button, type ButtonVariant } from './button.tsx';

/** The round X in a dialog's top-right corner. */
export function DialogCloseButton() {
  return (
    <Dialog.Close
      aria-label="Close"
      className={cn(
        'absolute right-3 top-3 grid size-11 place-items-center sm:size-9 rounded-md text-fg-muted hover:text-fg',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
      )}
    >
      <X aria-hidden className="size-5" />
    </Dialog.Close>
  );
}

interface DialogFormActionsProps {
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  variant?: ButtonVariant;
}

/** Cancel and the submit button at the foot of a form in a dialog (stacked on phones, submit on top). */
export function DialogFormActions({ pending, submitLabel, pendingLabel, variant }: DialogFormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Dialog.Close asChild>
        <Button variant="secondary">Cancel</Button>
      </Dialog.Close>
      <Button type="submit" variant={variant} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
