import type { BillingCapability } from '#server/billing/billing-capability.ts';
import type { Side } from '#server/projects/file-registration.ts';

/*
 * Whether a project's masters may leave (decision 093): the one place that says so, for the
 * download, the ZIP, the portal page and the money view alike. The lock spans two capabilities: the
 * project's switch, which the owner turns on and off, and the balance its sent invoices still owe.
 */

/**
 * `open`: the deliveries may be downloaded (what is owed is still told, for the money view);
 * `locked`: they wait until `amountDueCents` is paid, in the studio's `currency`.
 */
export type DeliveryLock = { kind: 'open'; amountDueCents: number } | { kind: 'locked'; amountDueCents: number; currency: string };

/** What the lock reads: the invoices (the switch and the balance) and the studio's billing settings (the currency). */
export type DeliveryLockParts = { billing: Pick<BillingCapability, 'invoices' | 'desk'> };

/** The lock holds the studio's files only (the deliveries): what the client sent stays theirs to take back. */
export const heldByDeliveryLock = (side: Side | undefined): boolean => side === 'studio';

/** Whether the project's deliveries are locked now: its lock is on and a sent invoice has a balance. */
export async function deliveryLock(parts: DeliveryLockParts, projectId: number): Promise<DeliveryLock> {
  const { invoices, desk } = parts.billing;
  const { locked, amountDueCents } = await invoices.deliveryLock(projectId);
  if (!locked) return { kind: 'open', amountDueCents };
  return { kind: 'locked', amountDueCents, currency: (await desk.settings()).currency };
}
