import { useState, type FormEvent } from 'react';
import {
  MANUAL_PAYMENT_METHODS,
  recordPaymentSchema,
  recordRefundSchema,
  refundableCents as refundable,
  type InvoiceView,
} from '#common/billing/invoices.ts';
import { formatMoney } from '#common/billing/money.ts';
import { centsToInput, parseMoneyInput } from '#common/billing/money-input.ts';
import { firstErrors, validate } from '#common/validation.ts';
import { FormDialog } from '#app/components/ui/form-dialog.tsx';
import { FormField, TextField, inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { PAYMENT_METHOD_LABELS, todayUtc } from './invoice-labels.ts';
import type { ManualMoney, Refusal } from './use-project-invoices.ts';

const compact = 'py-2.5';

interface Props {
  invoice: InvoiceView;
  onClose: () => void;
  /** A refund: money given back, with the question whether the masters lock again (no by default). */
  refund?: boolean;
  onRecord: (body: ManualMoney & { relockDelivery?: boolean }) => Promise<Refusal>;
}

/**
 * A bank transfer, cash or other payment the owner received (the amount due prefilled), or money
 * given back (what may be refunded prefilled, and the owner's answer whether the masters lock again).
 */
export function PaymentDialog({ invoice, onClose, onRecord, refund = false }: Props) {
  const [amount, setAmount] = useState(centsToInput(refund ? refundable(invoice) : invoice.amountDueCents));
  const [relock, setRelock] = useState(false);
  const [method, setMethod] = useState<string>('bank_transfer');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(todayUtc());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  /** A change answers the refusal shown: its message goes until the next try. */
  const edited = (set: (value: string) => void, value: string) => {
    set(value);
    setErrors({});
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const amountCents = parseMoneyInput(amount);
    if (amountCents === null) return setErrors({ amountCents: 'Enter an amount like 175.50' });
    const money = { amountCents, method, ...(reference.trim() ? { reference: reference.trim() } : {}), ...(paidOn ? { paidOn } : {}) };
    const body = refund ? { ...money, relockDelivery: relock } : money;
    const checked = refund ? validate(recordRefundSchema, body) : validate(recordPaymentSchema, body);
    if (!checked.success) return setErrors(firstErrors(checked.errors));
    setErrors({});
    setPending(true);
    const refused = await onRecord(body);
    setPending(false);
    if (!refused) return onClose();
    const fieldErrors = firstErrors(refused.errors);
    setErrors(Object.keys(fieldErrors).length > 0 ? fieldErrors : { body: refused.serverMessage ?? refused.message });
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={refund ? `Record a refund for ${invoice.number}` : `Record a payment for ${invoice.number}`}
      description={
        refund
          ? `${money(invoice.paidCents)} was paid; up to ${money(refundable(invoice))} can be given back.`
          : `${money(invoice.amountDueCents)} is due of ${money(invoice.totalCents)}.`
      }
      onSubmit={submit}
      pending={pending}
      submitLabel={refund ? 'Record refund' : 'Record payment'}
      pendingLabel="Recording..."
    >
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 sm:grid-cols-2">
        <TextField
          id="payment-amount"
          label="Amount ($)"
          value={amount}
          onChange={(event) => edited(setAmount, event.target.value)}
          error={errors.amountCents}
          inputMode="decimal"
          disabled={pending}
          className={cn(compact, 'tabular-nums')}
        />
        <FormField id="payment-method" label="Method" error={errors.method}>
          {(control) => (
            <select
              {...control}
              value={method}
              disabled={pending}
              onChange={(event) => edited(setMethod, event.target.value)}
              className={cn(inputClasses, compact)}
            >
              {MANUAL_PAYMENT_METHODS.map((option) => (
                <option key={option} value={option}>
                  {PAYMENT_METHOD_LABELS[option]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <TextField
        id="payment-reference"
        label="Reference"
        value={reference}
        onChange={(event) => edited(setReference, event.target.value)}
        error={errors.reference}
        hint="Optional: the bank's reference or a receipt number."
        maxLength={200}
        disabled={pending}
        className={compact}
      />
      <TextField
        id="payment-paid-on"
        label={refund ? 'Refunded on' : 'Paid on'}
        type="date"
        value={paidOn}
        onChange={(event) => edited(setPaidOn, event.target.value)}
        error={errors.paidOn}
        disabled={pending}
        className={cn(compact, 'sm:max-w-52')}
      />
      {refund ? (
        <label className="flex items-start gap-3 text-sm text-fg">
          <input
            type="checkbox"
            checked={relock}
            disabled={pending}
            onChange={(event) => setRelock(event.target.checked)}
            className="mt-0.5 size-4 accent-accent"
          />
          <span>
            Lock the delivered masters again
            <span className="block text-fg-muted">
              Leave this off when the client keeps the work (a goodwill refund). You can change it later on the invoice.
            </span>
          </span>
        </label>
      ) : null}
      {errors.body ? (
        <p role="alert" className="rounded-lg border border-danger/60 bg-danger-surface/50 px-4 py-3 text-sm text-red-200">
          {errors.body}
        </p>
      ) : null}
    </FormDialog>
  );
}
