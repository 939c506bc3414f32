import { CreditCard, Lock } from 'lucide-react';
import type { InvoiceView } from '#common/billing/invoices.ts';
import { formatMoney } from '#common/billing/money.ts';
import type { PortalBillingView } from '#common/billing/portal-billing.ts';
import { Button, buttonClasses } from '#app/components/ui/button.tsx';
import { PAYMENTS_ANCHOR } from './payment-box.tsx';

/**
 * Why the deliveries cannot be downloaded yet, in place of the buttons that would meet a 402: the
 * balance to pay and "Pay now". With one invoice owing and card payments, it goes straight to
 * Checkout; otherwise to the payment box, which lists each invoice and the owner's instructions. A
 * collaborator (billing null) is told only that the studio's invoice is still open.
 */
export function DeliveryLock({
  billing,
  paying,
  onPay,
}: {
  billing: PortalBillingView | null;
  paying: number | null;
  onPay: (invoice: InvoiceView) => void;
}) {
  const owing = billing?.invoices.filter((invoice) => invoice.state !== 'void' && invoice.amountDueCents > 0) ?? [];
  const payable = billing?.cardPayments && owing.length === 1 ? owing[0] : undefined;
  const currency = owing[0]?.currency ?? billing?.invoices[0]?.currency ?? 'USD';
  const balance = billing ? formatMoney(billing.heldCents, currency) : null;
  // Part of what the masters wait for has no invoice yet: the studio sends it, there is nothing more to pay today.
  const notInvoiced = billing !== null && billing.heldCents > billing.amountDueCents;
  return (
    <div role="note" className="mt-4 flex flex-col gap-4 rounded-xl border border-accent/40 bg-accent-soft p-4 sm:flex-row sm:items-center">
      <Lock aria-hidden className="size-6 shrink-0 text-accent" />
      <p className="min-w-0 flex-1 text-sm text-fg">
        {balance ? (
          <>
            Your masters are ready to download once the balance of <strong className="font-semibold">{balance}</strong> is paid.
          </>
        ) : (
          "The masters can be downloaded once the studio's invoice is paid."
        )}{' '}
        <span className="text-fg-muted">
          {notInvoiced
            ? billing.amountDueCents > 0
              ? `Pay ${formatMoney(billing.amountDueCents, currency)} now; the studio sends the invoice for the rest.`
              : 'The studio will send you the invoice.'
            : 'Until then your mixes stay playable in the review room.'}
        </span>
      </p>
      {notInvoiced && billing.amountDueCents === 0 ? null : payable ? (
        <Button size="sm" className="self-start sm:self-auto" onClick={() => onPay(payable)} disabled={paying !== null}>
          <CreditCard aria-hidden className="size-4" />
          {paying === payable.id ? 'Opening checkout…' : 'Pay now'}
        </Button>
      ) : billing ? (
        <a href={`#${PAYMENTS_ANCHOR}`} className={buttonClasses('primary', 'sm', 'self-start sm:self-auto')}>
          <CreditCard aria-hidden className="size-4" />
          Pay now
        </a>
      ) : null}
    </div>
  );
}
