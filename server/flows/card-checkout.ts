import type { BillingCapability } from '#server/billing/billing-capability.ts';
import type { CoreServices, StudioIdentitySource } from '#server/core-services.ts';
import type { Logger } from '#server/logger.ts';
import { clientInvoice, type ClientInvoiceParts } from './client-invoice.ts';

/*
 * The client pays an invoice by card (decision 093): a Stripe Checkout session for what the invoice
 * still owes, in the studio's name, that brings them back to the project page. Only the invoice's
 * own client may; the amount always comes from the invoice, never from the browser.
 */

/**
 * `not-found`: not this client's sent invoice; `not-set-up`: the studio takes no cards (Stripe is
 * not configured); `void` / `nothing-due`: nothing to pay; `unavailable`: Stripe failed or timed
 * out, and the client is given the studio's transfer instructions instead (decision 104);
 * `checkout`: where to send the browser.
 */
export type CardCheckout =
  | { kind: 'not-found' }
  | { kind: 'not-set-up' }
  | { kind: 'void' }
  | { kind: 'nothing-due' }
  | { kind: 'unavailable'; paymentInstructions: string; amountDueCents: number; currency: string }
  | { kind: 'checkout'; url: string };

export type CardCheckoutParts = ClientInvoiceParts & {
  billing: Pick<BillingCapability, 'cardPayments' | 'desk'>;
} & StudioIdentitySource & {
    config: Pick<CoreServices['config'], 'PUBLIC_URL'>;
  } & { logger?: Pick<Logger, 'warn'> };

export async function startCardCheckout(parts: CardCheckoutParts, email: string, invoiceId: number): Promise<CardCheckout> {
  const found = await clientInvoice(parts, email, invoiceId);
  if (found.kind === 'not-found') return found;
  const { invoice } = found;
  const { cardPayments } = parts.billing;
  if (!cardPayments) return { kind: 'not-set-up' };
  if (invoice.amountDueCents <= 0) return { kind: invoice.state === 'void' ? 'void' : 'nothing-due' };
  const studio = await parts.studioIdentity();
  try {
    const { url } = await cardPayments.checkout({
      invoice,
      // The invited client's address: their access is `client` only while it is the project's client e-mail, exactly.
      clientEmail: email,
      studioName: studio.name,
      returnUrl: `${parts.config.PUBLIC_URL}/portal/projects/${invoice.projectId}`,
    });
    return { kind: 'checkout', url };
  } catch (error) {
    // Stripe down, slow past the library's timeout and retries, or refusing the key: the client can still pay by transfer.
    parts.logger?.warn({ err: error, invoiceId: invoice.id }, 'card checkout unavailable; the client is shown the transfer instructions');
    const { paymentInstructions } = await parts.billing.desk.settings();
    return { kind: 'unavailable', paymentInstructions, amountDueCents: invoice.amountDueCents, currency: invoice.currency };
  }
}
