import type { BillingCapability } from '#server/billing/billing-capability.ts';
import type { SiteContent } from '#common/site-content/sections.ts';

/*
 * A priced project is never without a plan (decision 103, amended): without one, only a sent invoice
 * held the masters, so a balance still in draft, or never drafted, let them leave. A project given a
 * price by the owner's hand (created priced, or priced later) and that has no plan and no invoice of
 * its own gets the studio's usual plan: its deposit share from the billing settings, the deposit due
 * at the start, the balance before delivery; nothing drafted until the owner invoices. A project billed line by line (an invoice
 * already made) keeps its invoices as they are; with the studio's lock off there is nothing to hold.
 */
export async function giveStudioPlan(
  billing: Pick<BillingCapability, 'desk' | 'plans' | 'invoices'>,
  projectId: number,
  /** The billing settings when the caller has read them already. */
  known?: SiteContent['billing'],
): Promise<void> {
  const settings = known ?? (await billing.desk.settings());
  if (!settings.lockDeliveries) return;
  const current = await billing.plans.get(projectId);
  if (!current || current.plan || current.priceCents === null || current.priceCents <= 0) return;
  if ((await billing.invoices.ofProject(projectId)).length > 0) return;
  // Nothing is drafted: the plan holds the masters whether invoiced or not, and the owner invoices
  // when they choose (the Invoices card's deposit and balance, or a changed plan).
  await billing.plans.put(projectId, { depositPercent: settings.depositPercent }, 'none');
}
