import { useState, type FormEvent } from 'react';
import type { InvoiceView } from '#common/billing/invoices.ts';
import { FormDialog } from '#app/components/ui/form-dialog.tsx';
import { FormField, inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import type { Refusal } from './use-project-invoices.ts';

interface Props {
  invoice: InvoiceView;
  onClose: () => void;
  onVoid: (body: { reason: string; reissue: boolean }) => Promise<Refusal>;
}

/** A sent invoice is never edited: it is voided (kept in the record, with the reason) and, usually, reissued as a new draft. */
export function VoidDialog({ invoice, onClose, onVoid }: Props) {
  const [reason, setReason] = useState('');
  const [reissue, setReissue] = useState(invoice.state !== 'draft');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const refused = await onVoid({ reason: reason.trim(), reissue });
    setPending(false);
    if (!refused) return onClose();
    const reasonError = refused.errors.reason?.[0];
    setErrors(reasonError ? { reason: reasonError } : { body: refused.serverMessage ?? refused.message });
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Void ${invoice.number}`}
      description="It stays in the record, marked void, and the client no longer owes it. This cannot be undone."
      onSubmit={submit}
      pending={pending}
      submitLabel="Void invoice"
      pendingLabel="Voiding..."
      submitVariant="destructive"
    >
      <FormField id="void-reason" label="Reason" error={errors.reason} hint="Optional; kept with the invoice.">
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={500}
            value={reason}
            disabled={pending}
            onChange={(event) => setReason(event.target.value)}
            className={cn(inputClasses, 'text-sm')}
          />
        )}
      </FormField>
      <label htmlFor="void-reissue" className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-fg">
        <input
          id="void-reissue"
          type="checkbox"
          checked={reissue}
          disabled={pending}
          onChange={(event) => setReissue(event.target.checked)}
          className="size-5 shrink-0 accent-[var(--color-accent)]"
        />
        Reissue as a new draft
      </label>
      {errors.body ? (
        <p role="alert" className="rounded-lg border border-danger/60 bg-danger-surface/50 px-4 py-3 text-sm text-red-200">
          {errors.body}
        </p>
      ) : null}
    </FormDialog>
  );
}
