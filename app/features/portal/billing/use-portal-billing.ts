import { useCallback, useEffect, useRef, useState } from 'react';
import type { InvoiceView } from '#common/billing/invoices.ts';
import type { PortalBillingView } from '#common/billing/portal-billing.ts';
import { api } from '#app/lib/api.ts';

/** How often, and how many times, the page asks again after Checkout until the webhook's payment shows. */
export const PAYMENT_POLL_MS = 1500;
export const PAYMENT_POLL_TRIES = 10;

/** The invoice sent to Checkout, kept for the trip there and back (the return address does not name it). */
const pendingKey = (projectId: number) => `portal-checkout-${projectId}`;

export type PaymentReturn =
  | { kind: 'none' }
  | { kind: 'cancelled' }
  /** `confirmed`: the invoice reads paid here; false while the webhook may still be on its way. */
  | { kind: 'done'; invoiceNumber: string | null; confirmed: boolean; gaveUp: boolean };

/** Whether the payment shows: that invoice owes nothing now, or (invoice unknown) less is owed than before. */
function settledAfterCheckout(billing: PortalBillingView, invoiceId: number | null, dueBefore: number): boolean {
  if (invoiceId === null) return billing.amountDueCents < dueBefore;
  return billing.invoices.some((invoice) => invoice.id === invoiceId && invoice.amountDueCents === 0);
}

function takePendingCheckout(projectId: number): number | null {
  try {
    const stored = sessionStorage.getItem(pendingKey(projectId));
    sessionStorage.removeItem(pendingKey(projectId));
    return stored && /^\d+$/.test(stored) ? Number(stored) : null;
  } catch {
    // Storage may be off: then any drop in what is owed counts as the payment arriving.
    return null;
  }
}

/**
 * The client's invoices on one project: the loader's copy, then the API's. "Pay now" asks the server
 * for a Checkout Session and sends the browser there. Back from Checkout with `?payment=done`, it
 * asks again every moment until the invoice reads paid: Stripe's webhook may land a little after the
 * client does.
 */
export function usePortalBilling(projectId: number, initial: PortalBillingView | null, returned: 'done' | 'cancelled' | null) {
  const [billing, setBilling] = useState(initial);
  const [paying, setPaying] = useState<number | null>(null);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  const [paymentReturn, setPaymentReturn] = useState<PaymentReturn>(() =>
    returned === 'done'
      ? { kind: 'done', invoiceNumber: null, confirmed: false, gaveUp: false }
      : returned === 'cancelled'
        ? { kind: 'cancelled' }
        : { kind: 'none' },
  );

  const refresh = useCallback(async () => {
    const answer = await api<PortalBillingView>('GET', `/api/portal/projects/${projectId}/invoices`);
    if (answer.ok) setBilling(answer.data);
    return answer.ok ? answer.data : null;
  }, [projectId]);

  // Read once: the invoice that went to Checkout (undefined: not read yet; null: unknown).
  const sentToCheckout = useRef<number | null | undefined>(undefined);
  const concluded = useRef(false);
  useEffect(() => {
    if (returned !== 'done' || !initial || concluded.current) return;
    if (sentToCheckout.current === undefined) sentToCheckout.current = takePendingCheckout(projectId);
    const invoiceId = sentToCheckout.current;
    // What was owed when the client left for Checkout is unknown; what the page loaded with is the nearest.
    const dueBefore = initial.amountDueCents;
    const conclude = (view: PortalBillingView, confirmed: boolean) => {
      concluded.current = true;
      const invoiceNumber = view.invoices.find((invoice) => invoice.id === invoiceId)?.number ?? null;
      setPaymentReturn({ kind: 'done', invoiceNumber, confirmed, gaveUp: !confirmed });
      // A reload later shows the invoices as they are, not this thank-you again.
      window.history.replaceState(window.history.state, '', window.location.pathname);
    };
    if (invoiceId !== null && settledAfterCheckout(initial, invoiceId, dueBefore)) {
      conclude(initial, true);
      return;
    }
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      void refresh().then((view) => {
        if (!view || concluded.current) return;
        if (settledAfterCheckout(view, invoiceId, dueBefore)) conclude(view, true);
        else if (tries >= PAYMENT_POLL_TRIES) conclude(view, false);
        if (concluded.current) clearInterval(timer);
      });
    }, PAYMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [returned, initial, projectId, refresh]);

  /** Off to Stripe's page for what this invoice still owes (the server works the amount out). */
  const pay = useCallback(
    async (invoice: InvoiceView) => {
      setPaying(invoice.id);
      setCheckoutError(null);
      const answer = await api<{ url: string }>('POST', `/api/portal/invoices/${invoice.id}/checkout`);
      if (!answer.ok) {
        setPaying(null);
        setCheckoutError(answer.serverMessage ?? `Checkout could not start (${answer.message}). Please try again.`);
        if (answer.status === 409) void refresh();
        return;
      }
      try {
        sessionStorage.setItem(pendingKey(projectId), String(invoice.id));
      } catch {
        // Without storage the return still works: see the effect above.
      }
      window.location.assign(answer.data.url);
    },
    [projectId, refresh],
  );

  return { billing, pay, paying, checkoutError, paymentReturn };
}
