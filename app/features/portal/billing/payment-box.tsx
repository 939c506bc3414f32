import { CheckCircle2, Receipt } from 'lucide-react';
import type { InvoiceView } from '#common/billing/invoices.ts';
import { formatMoney } from '#common/billing/money.ts';
import type { PortalBillingView } from '#common/billing/portal-billing.ts';
import { LinkifiedText } from '#app/features/review/linkified-text.tsx';
import { InvoiceItem } from './invoice-item.tsx';
import { PaymentReturnNote } from './payment-return-note.tsx';
import type { PaymentReturn } from './use-portal-billing.ts';

export const PAYMENTS_ANCHOR = 'payments';

/**
 * The project's money as the client sees it: what is due now, each sent invoice with its PDF and
 * "Pay now" (card payments through Checkout, when the studio has them), the owner's own payment
 * instructions, and the paid ones as receipts.
 */
export function PaymentBox({
  billing,
  paymentReturn,
  paying,
  checkoutError,
  onPay,
}: {
  billing: PortalBillingView;
  paymentReturn: PaymentReturn;
  paying: number | null;
  checkoutError: string | null;
  onPay: (invoice: InvoiceView) => void;
}) {
  const { invoices, amountDueCents, cardPayments, paymentInstructions } = billing;
  const currency = invoices[0]?.currency ?? 'USD';
  const instructions = paymentInstructions.trim();
  return (
    <section
      id={PAYMENTS_ANCHOR}
      aria-labelledby="payments-heading"
      className="scroll-mt-24 rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="payments-heading" className="flex items-center gap-2 text-lg font-semibold text-fg">
          <Receipt aria-hidden className="size-5 text-accent" />
          Payments
        </h2>
        <p className="text-sm text-fg-muted">
          {amountDueCents > 0 ? (
            <>
              Due now <strong className="ml-1 text-xl font-semibold tabular-nums text-fg">{formatMoney(amountDueCents, currency)}</strong>
            </>
          ) : (
            <span className="inline-flex items-center gap-1.5 font-medium text-green-300">
              <CheckCircle2 aria-hidden className="size-4" />
              All paid
            </span>
          )}
        </p>
      </div>
      <div className="mt-4 grid gap-4">
        <PaymentReturnNote paymentReturn={paymentReturn} />
        {checkoutError ? (
          <p role="alert" className="rounded-xl border border-danger/60 bg-danger-surface p-4 text-sm text-fg">
            {checkoutError}
          </p>
        ) : null}
        <ul aria-label="Invoices" className="divide-y divide-line rounded-xl border border-line">
          {invoices.map((invoice) => (
            <InvoiceItem key={invoice.id} invoice={invoice} cardPayments={cardPayments} paying={paying} onPay={onPay} />
          ))}
        </ul>
        {instructions && amountDueCents > 0 ? (
          <div className="rounded-xl border border-line bg-ink/40 p-4">
            <h3 className="text-sm font-semibold text-fg">{cardPayments ? 'Other ways to pay' : 'How to pay'}</h3>
            <LinkifiedText text={instructions} className="mt-2 whitespace-pre-wrap break-words text-sm text-fg-muted" />
          </div>
        ) : null}
        {!cardPayments && !instructions && amountDueCents > 0 ? (
          <p className="text-sm text-fg-muted">Please pay as the invoice describes, or reply to the studio to arrange it.</p>
        ) : null}
      </div>
    </section>
  );
}
