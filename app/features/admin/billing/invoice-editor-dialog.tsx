import { useState, type FormEvent } from 'react';
import type { InvoiceView } from '#common/billing/invoices.ts';
import { firstErrors } from '#common/validation.ts';
import { FormDialog } from '#app/components/ui/form-dialog.tsx';
import { FormField, TextField, inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { fieldsOfInvoice, liveTotals, readInvoiceFields, type InvoiceFields } from './invoice-form.ts';
import { InvoiceLinesEditor } from './invoice-lines-editor.tsx';
import { InvoiceTotals } from './invoice-totals.tsx';
import type { InvoiceDraft, Refusal } from './use-project-invoices.ts';

const compact = 'py-2.5';

interface Props {
  /** Null: a new invoice; otherwise the draft to change. */
  invoice: InvoiceView | null;
  currency: string;
  onClose: () => void;
  onSave: (draft: InvoiceDraft) => Promise<Refusal>;
}

/** New invoice and Edit draft: lines (description and amount), discount, tax, due date and notes, with totals as typed. */
export function InvoiceEditorDialog({ invoice, currency, onClose, onSave }: Props) {
  const creating = invoice === null;
  const [fields, setFields] = useState<InvoiceFields>(() => fieldsOfInvoice(invoice));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  /** A field's message goes once the owner changes that field (the rest stay until the next try). */
  const forget = (...ids: string[]) =>
    setErrors((current) =>
      ids.some((id) => id in current) ? Object.fromEntries(Object.entries(current).filter(([id]) => !ids.includes(id))) : current,
    );
  const edit = (change: Partial<InvoiceFields>, ...errorIds: string[]) => {
    setFields((current) => ({ ...current, ...change }));
    forget(...errorIds, 'body');
  };
  const editLine = (key: number, change: { description?: string; amount?: string }) =>
    edit(
      { lines: fields.lines.map((line) => (line.key === key ? { ...line, ...change } : line)) },
      `line-${key}-${'amount' in change ? 'amount' : 'description'}`,
      'lines',
      'discountCents',
    );
  const totals = liveTotals(fields);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readInvoiceFields(fields, creating);
    if ('errors' in read) return setErrors(read.errors);
    setErrors({});
    setPending(true);
    const refused = await onSave(read.draft);
    setPending(false);
    if (!refused) return onClose();
    const fieldErrors = firstErrors(refused.errors);
    setErrors(Object.keys(fieldErrors).length > 0 ? fieldErrors : { body: refused.serverMessage ?? refused.message });
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={creating ? 'New invoice' : `Edit ${invoice.number}`}
      description={creating ? 'Saved as a draft: the client sees it once you send it.' : 'A draft: change anything before you send it.'}
      size="xl"
      onSubmit={submit}
      pending={pending}
      submitLabel={creating ? 'Save draft' : 'Save changes'}
      pendingLabel="Saving..."
    >
      <InvoiceLinesEditor
        lines={fields.lines}
        errors={errors}
        pending={pending}
        onEditLine={editLine}
        onLines={(lines) => edit({ lines }, 'lines', 'discountCents')}
      />
      <div className="grid grid-cols-2 items-start gap-4 sm:grid-cols-3">
        <TextField
          id="invoice-discount"
          label="Discount ($)"
          value={fields.discount}
          onChange={(event) => edit({ discount: event.target.value }, 'discountCents')}
          error={errors.discountCents}
          inputMode="decimal"
          placeholder="0.00"
          disabled={pending}
          className={cn(compact, 'tabular-nums')}
        />
        <TextField
          id="invoice-tax"
          label="Tax (%)"
          value={fields.tax}
          onChange={(event) => edit({ tax: event.target.value }, 'taxPercent')}
          error={errors.taxPercent}
          inputMode="decimal"
          placeholder="0"
          disabled={pending}
          className={cn(compact, 'tabular-nums')}
        />
        <div className="col-span-2 sm:col-span-1">
          <TextField
            id="invoice-due-date"
            label="Due date"
            type="date"
            value={fields.dueDate}
            onChange={(event) => edit({ dueDate: event.target.value }, 'dueDate')}
            error={errors.dueDate}
            hint={creating ? 'Empty: your usual days to pay.' : 'Empty: no due date.'}
            disabled={pending}
            className={compact}
          />
        </div>
      </div>
      <FormField id="invoice-notes" label="Notes" error={errors.notes} hint="Printed on the invoice.">
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={2000}
            value={fields.notes}
            disabled={pending}
            onChange={(event) => edit({ notes: event.target.value }, 'notes')}
            className={cn(inputClasses, 'text-sm')}
          />
        )}
      </FormField>
      <InvoiceTotals totals={totals} currency={currency} />
      {errors.body ? (
        <p role="alert" className="rounded-lg border border-danger/60 bg-danger-surface/50 px-4 py-3 text-sm text-red-200">
          {errors.body}
        </p>
      ) : null}
    </FormDialog>
  );
}
