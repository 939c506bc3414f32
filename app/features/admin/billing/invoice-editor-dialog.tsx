import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { MAX_INVOICE_LINES, type InvoiceView } from '#common/billing/invoices.ts';
import { formatMoney } from '#common/billing/money.ts';
import { firstErrors } from '#common/validation.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FormDialog } from '#app/components/ui/form-dialog.tsx';
import { FormField, TextField, inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { blankLine, fieldsOfInvoice, liveTotals, readInvoiceFields, type InvoiceFields } from './invoice-form.ts';
import type { InvoiceDraft, Refusal } from './use-project-invoices.ts';

const compact = 'py-2.5';

/** Every input is named for its line ("Line 2 amount ($)"); on screen the columns' words are enough. */
function LineLabel({ index, visible, named }: { index: number; visible: string; named: string }) {
  return (
    <>
      {/* Stacked on a phone, every line shows its labels; in columns, the first line's head them. */}
      <span aria-hidden className={index === 0 ? undefined : 'sm:hidden'}>
        {visible}
      </span>
      <span className="sr-only">{`Line ${index + 1} ${named}`}</span>
    </>
  );
}

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
  const money = (cents: number) => formatMoney(cents, currency);

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
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium text-fg">Lines</legend>
        <ol className="grid gap-3">
          {fields.lines.map((line, index) => (
            <li
              key={line.key}
              className={cn(
                'grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 sm:grid-cols-[minmax(0,1fr)_8rem_auto]',
                // Stacked on a phone: a rule keeps one line's description and amount together.
                'max-sm:border-b max-sm:border-line max-sm:pb-3',
              )}
            >
              <div className="col-span-2 sm:col-span-1">
                <TextField
                  id={`line-${line.key}-description`}
                  label={<LineLabel index={index} visible="Description" named="description" />}
                  value={line.description}
                  onChange={(event) => editLine(line.key, { description: event.target.value })}
                  error={errors[`line-${line.key}-description`]}
                  maxLength={200}
                  disabled={pending}
                  className={compact}
                />
              </div>
              <TextField
                id={`line-${line.key}-amount`}
                label={<LineLabel index={index} visible="Amount ($)" named="amount ($)" />}
                value={line.amount}
                onChange={(event) => editLine(line.key, { amount: event.target.value })}
                error={errors[`line-${line.key}-amount`]}
                inputMode="decimal"
                placeholder="0.00"
                disabled={pending}
                className={cn(compact, 'text-right tabular-nums')}
              />
              {/* Level with the amount: below a label (1.25 rem and the 0.5 rem gap) unless the columns' head has it. */}
              <div className={cn('flex h-11.5 items-center', index === 0 ? 'mt-7' : 'mt-7 sm:mt-2')}>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove line ${index + 1}`}
                  disabled={pending || fields.lines.length === 1}
                  onClick={() => edit({ lines: fields.lines.filter((other) => other.key !== line.key) })}
                  className="px-3 text-fg-muted"
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
        {errors.lines ? (
          <p role="alert" className="text-sm font-medium text-red-400">
            {errors.lines}
          </p>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          className="justify-self-start"
          disabled={pending || fields.lines.length >= MAX_INVOICE_LINES}
          onClick={() => edit({ lines: [...fields.lines, blankLine()] })}
        >
          <Plus aria-hidden className="size-4" />
          Add line
        </Button>
      </fieldset>
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
      <dl
        aria-label="Totals"
        aria-live="polite"
        className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 rounded-lg bg-ink px-4 py-3 text-sm"
      >
        {totals ? (
          <>
            <dt className="text-fg-muted">Subtotal</dt>
            <dd className="text-right tabular-nums text-fg">{money(totals.subtotalCents)}</dd>
            {totals.discountCents > 0 ? (
              <>
                <dt className="text-fg-muted">Discount</dt>
                <dd className="text-right tabular-nums text-fg">−{money(totals.discountCents)}</dd>
              </>
            ) : null}
            {totals.taxCents > 0 ? (
              <>
                <dt className="text-fg-muted">Tax ({totals.taxBasisPoints / 100} %)</dt>
                <dd className="text-right tabular-nums text-fg">{money(totals.taxCents)}</dd>
              </>
            ) : null}
            <dt className="border-t border-line pt-1 font-semibold text-fg">Total</dt>
            <dd className="border-t border-line pt-1 text-right font-semibold tabular-nums text-fg">{money(totals.totalCents)}</dd>
          </>
        ) : (
          <>
            <dt className="text-fg-muted">Total</dt>
            <dd className="text-right text-fg-muted">Check the discount and tax</dd>
          </>
        )}
      </dl>
      {errors.body ? (
        <p role="alert" className="rounded-lg border border-danger/60 bg-danger-surface/50 px-4 py-3 text-sm text-red-200">
          {errors.body}
        </p>
      ) : null}
    </FormDialog>
  );
}
