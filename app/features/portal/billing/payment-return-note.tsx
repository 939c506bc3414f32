import { CheckCircle2, Info, LoaderCircle } from 'lucide-react';
import type { PaymentReturn } from './use-portal-billing.ts';

/** What the client is told back from Checkout: thanks (and whether the invoice reads paid yet), or that nothing was charged. */
export function PaymentReturnNote({ paymentReturn }: { paymentReturn: PaymentReturn }) {
  if (paymentReturn.kind === 'none') return null;
  if (paymentReturn.kind === 'cancelled') {
    return (
      <p role="status" className="flex gap-3 rounded-xl border border-line bg-surface-raised p-4 text-sm text-fg-muted">
        <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-subtle" />
        <span>Checkout was closed before paying, so nothing was charged. You can pay whenever you are ready.</span>
      </p>
    );
  }
  const { invoiceNumber, confirmed, gaveUp } = paymentReturn;
  const detail = confirmed
    ? `${invoiceNumber ? `Invoice ${invoiceNumber} is` : 'Your invoice is'} marked paid, and a receipt is on its way by e-mail.`
    : gaveUp
      ? 'It can take a minute to show here. Reload the page shortly; there is no need to pay again.'
      : 'Updating your invoice…';
  return (
    <div role="status" className="flex gap-3 rounded-xl border border-green-300/40 bg-success/10 p-4 text-sm">
      {confirmed || gaveUp ? (
        <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-green-300" />
      ) : (
        <LoaderCircle aria-hidden className="mt-0.5 size-5 shrink-0 animate-spin text-green-300 motion-reduce:animate-none" />
      )}
      <p>
        <strong className="block font-semibold text-fg">Payment received — thank you</strong>
        <span className="text-fg-muted">{detail}</span>
      </p>
    </div>
  );
}
