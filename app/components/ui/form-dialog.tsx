import type { FormEvent, ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { cn } from '#app/lib/cn.ts';
import type { ButtonVariant } from './button.tsx';
import { DialogCloseButton, DialogFormActions } from './dialog-parts.tsx';

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** Read to screen readers only (the title says enough on screen). */
  hideDescription?: boolean;
  /** `xl`: a form with columns (an invoice's lines). */
  size?: 'md' | 'lg' | 'xl';
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** `destructive` for a submit that cannot be undone (voiding an invoice). */
  submitVariant?: ButtonVariant;
  children: ReactNode;
}

/**
 * A centred modal holding one form, with Cancel, a submit button that shows its pending label,
 * and a close button. Radix traps focus, closes on Escape and returns focus to the opener.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  hideDescription,
  size = 'md',
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  submitVariant,
  children,
}: FormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 ' +
              'overflow-y-auto rounded-2xl border border-line bg-surface p-6 shadow-2xl focus:outline-none',
            size === 'xl' ? 'max-w-2xl' : size === 'lg' ? 'max-w-lg' : 'max-w-md',
          )}
        >
          <Dialog.Title className="text-xl font-bold text-fg">{title}</Dialog.Title>
          <Dialog.Description className={hideDescription ? 'sr-only' : 'mt-1 text-sm text-fg-muted'}>{description}</Dialog.Description>
          <form method="post" noValidate onSubmit={onSubmit} className="mt-6 grid gap-5">
            {children}
            <DialogFormActions pending={pending} submitLabel={submitLabel} pendingLabel={pendingLabel} variant={submitVariant} />
          </form>
          <DialogCloseButton />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
