import type { PortalBillingView } from '#common/billing/portal-billing.ts';
import type { BillingCapability } from './billing-capability.ts';

/**
 * A project's money as its invited client sees it, for the portal's API and its page loader alike
 * (one answer in two places): the sent invoices, what is owed, the delivery lock, and how to pay.
 */
export async function portalBillingView(
  { invoices, billing, cardPayments }: Pick<BillingCapability, 'invoices' | 'billing' | 'cardPayments'>,
  projectId: number,
): Promise<PortalBillingView> {
  const [settings, lock, all] = await Promise.all([billing.settings(), invoices.deliveryLock(projectId), invoices.ofProject(projectId)]);
  return {
    invoices: all.filter((invoice) => invoice.state !== 'draft'),
    amountDueCents: lock.amountDueCents,
    deliveriesLocked: lock.locked,
    cardPayments: cardPayments !== null,
    paymentInstructions: settings.paymentInstructions,
  };
}
