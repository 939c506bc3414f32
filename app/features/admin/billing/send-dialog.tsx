import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import type { InvoiceView } from '#common/billing/invoices.ts';
import { formatMoney } from '#common/billing/money.ts';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { formatDay } from '#app/features/admin/projects/day-format.ts';
import { cn } from '#app/lib/cn.ts';

interface Props {
  invoice: InvoiceView;
  onClose: () => void;
  /** True once sent: the dialog closes. */
  onSend: () => Promise<boolean>;
}

/** Sending cannot be taken back (a sent invoice is only voided), so it asks first and says what the client receives. */
export function SendDialog({ invoice, onClose, onSend }: Props) {
  const [pending, setPending] = useState(false);
  const due = invoice.dueDate ? `, due ${formatDay(invoice.dueDate)}` : '';
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <AlertDialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
            'rounded-2xl border border-line bg-surface p-6 shadow-2xl focus:outline-none',
          )}
        >
          <AlertDialog.Title className="text-lg font-bold text-fg">Send {invoice.number}?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-fg-muted">
            The client gets an e-mail with the invoice ({formatMoney(invoice.totalCents, invoice.currency)}
            {due}) and sees it in their portal. After that it can only be voided, not edited.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('secondary', 'md')}>Cancel</AlertDialog.Cancel>
            <button
              type="button"
              disabled={pending}
              className={buttonClasses('primary', 'md')}
              onClick={async () => {
                setPending(true);
                const sent = await onSend();
                setPending(false);
                if (sent) onClose();
              }}
            >
              {pending ? 'Sending...' : 'Send invoice'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
