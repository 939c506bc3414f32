import { CreditCard, FileText } from 'lucide-react';
import type { InvoiceView } from '#common/billing/invoices.ts';
import { formatMoney } from '#common/billing/money.ts';
import { Button, buttonClasses } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';
import { formatDay } from '#app/features/portal/format.ts';
import { CLIENT_INVOICE_STATE_LABELS, CLIENT_INVOICE_STATE_TONES, clientInvoiceState } from './invoice-state.ts';

export const invoicePdfPath = (invoice: InvoiceView) => `/api/portal/invoices/${invoice.id}.pdf`;

const KIND_LABELS: Record<InvoiceView['kind'], string> = {
  deposit: 'Deposit',
  balance: 'Balance',
  full: 'Full payment',
  custom: 'Invoice',
};

/** When it was settled or is due, in a few words. */
function dateLine(invoice: InvoiceView, state: ReturnType<typeof clientInvoiceState>): string | null {
  const refunded = invoice.refundedCents > 0 ? `, ${formatMoney(invoice.refundedCents, invoice.currency)} refunded` : '';
  if (state === 'paid' || state === 'refunded') return `${invoice.paidAt ? `Paid on ${formatDay(invoice.paidAt)}` : 'Paid'}${refunded}`;
  if (state === 'void') return invoice.voidedAt ? `Cancelled on ${formatDay(invoice.voidedAt)}` : null;
  return invoice.dueDate ? `Due by ${formatDay(invoice.dueDate)}` : null;
}

/** One sent invoice: its number and state, the amounts, its PDF (a receipt once paid), and "Pay now" while it owes. */
export function InvoiceItem({
  invoice,
  cardPayments,
  paying,
  onPay,
}: {
  invoice: InvoiceView;
  cardPayments: boolean;
  /** An invoice (this one or another) is on its way to Checkout. */
  paying: number | null;
  onPay: (invoice: InvoiceView) => void;
}) {
  const state = clientInvoiceState(invoice);
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const when = dateLine(invoice, state);
  const amounts = [
    { label: 'Total', value: money(invoice.totalCents) },
    { label: 'Paid', value: money(invoice.paidCents) },
    ...(invoice.refundedCents > 0 ? [{ label: 'Refunded', value: money(invoice.refundedCents) }] : []),
    { label: 'Due', value: money(invoice.amountDueCents), strong: true },
  ];
  return (
    <li className="grid gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-semibold text-fg">{invoice.number}</span>
            <span
              className={cn(
                'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
                CLIENT_INVOICE_STATE_TONES[state],
              )}
            >
              {CLIENT_INVOICE_STATE_LABELS[state]}
            </span>
          </p>
          <p className="mt-1 text-sm text-fg-subtle">
            {KIND_LABELS[invoice.kind]}
            {when ? ` · ${when}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={invoicePdfPath(invoice)} target="_blank" rel="noopener" className={buttonClasses('secondary', 'sm')}>
            <FileText aria-hidden className="size-4" />
            {state === 'paid' ? 'Receipt (PDF)' : 'Invoice (PDF)'}
            <span className="sr-only"> {invoice.number}, opens in a new tab</span>
          </a>
          {cardPayments && invoice.amountDueCents > 0 && state !== 'void' ? (
            <Button size="sm" onClick={() => onPay(invoice)} disabled={paying !== null}>
              <CreditCard aria-hidden className="size-4" />
              {paying === invoice.id ? 'Opening checkout…' : 'Pay now'}
              <span className="sr-only">
                {' '}
                {money(invoice.amountDueCents)} of {invoice.number}
              </span>
            </Button>
          ) : null}
        </div>
      </div>
      {state === 'paid' || state === 'void' ? (
        // Settled or cancelled: the total is all there is to say; the PDF has the rest.
        <p className="text-sm text-fg-muted">
          Total <span className="tabular-nums text-fg">{money(invoice.totalCents)}</span>
          {state === 'paid' ? ', paid in full' : ', nothing to pay'}
        </p>
      ) : (
        <dl className="grid grid-cols-3 gap-2 rounded-xl bg-ink/40 p-3 text-sm sm:max-w-md">
          {amounts.map((amount) => (
            <div key={amount.label} className="min-w-0">
              <dt className="text-xs uppercase tracking-wider text-fg-subtle">{amount.label}</dt>
              <dd className={cn('mt-0.5 tabular-nums', amount.strong ? 'font-semibold text-fg' : 'text-fg-muted')}>{amount.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}
