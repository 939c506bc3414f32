import { sees } from '#common/collaborators.ts';
import type { PortalBillingView } from '#common/billing/portal-billing.ts';
import type { PortalProjectView } from '#common/projects.ts';
import type { BillingCapability } from '#server/billing/billing-capability.ts';
import type { ProjectsCapability } from '#server/projects/projects-capability.ts';
import { deliveryLock } from './delivery-lock.ts';

/*
 * A project and its money as someone signed in to the portal sees them: one answer for the
 * project page's loader and the portal's API (GET /api/portal/projects/:id/invoices). The money is
 * for an access that sees `invoices` (common/collaborators.ts: the invited client); whether the
 * deliveries wait for payment is told to everyone.
 */

export type PortalProjectOutcome =
  | { kind: 'not-found' }
  | {
      kind: 'project';
      project: PortalProjectView;
      /** The invoices and how to pay them, for an access that sees `invoices` (null for the others). */
      billing: PortalBillingView | null;
      /** Whether downloads of the deliveries wait for payment. */
      deliveriesLocked: boolean;
    };

export type PortalMoneyParts = { billing: Pick<BillingCapability, 'invoices' | 'desk' | 'cardPayments' | 'plans'> };
export type PortalProjectParts = { projects: Pick<ProjectsCapability, 'records'> } & PortalMoneyParts;

/** The project open to `email`, with its money; not-found for any project not open to them (the caller answers 404). */
export async function portalProjectView(parts: PortalProjectParts, email: string, projectId: number): Promise<PortalProjectOutcome> {
  const project = await parts.projects.records.clientView(email, projectId);
  if (!project) return { kind: 'not-found' };
  if (sees(project.access, 'invoices')) {
    const billing = await portalMoneyView(parts, project.id);
    return { kind: 'project', project, billing, deliveriesLocked: billing.deliveriesLocked };
  }
  return { kind: 'project', project, billing: null, deliveriesLocked: (await deliveryLock(parts, project.id)).kind === 'locked' };
}

/**
 * A project's money as its invited client sees it (the caller has checked they are): the sent
 * invoices, what is owed, the delivery lock, and how to pay.
 */
export async function portalMoneyView(parts: PortalMoneyParts, projectId: number): Promise<PortalBillingView> {
  const { invoices, desk, cardPayments, plans } = parts.billing;
  const [settings, lock, all, gate] = await Promise.all([
    desk.settings(),
    deliveryLock(parts, projectId),
    invoices.ofProject(projectId),
    plans.uploadsWaitFor(projectId),
  ]);
  // What the client was sent: a draft voided before it went out (a plan that changed) was never theirs.
  const sent = all.filter((invoice) => invoice.state !== 'draft' && invoice.sentAt !== null);
  return {
    invoices: sent,
    amountDueCents: sent.reduce((sum, invoice) => sum + invoice.amountDueCents, 0),
    deliveriesLocked: lock.kind === 'locked',
    heldCents: lock.amountDueCents,
    uploadsWaitForDeposit: gate ? { amountDueCents: gate.amountDueCents } : null,
    cardPayments: cardPayments !== null,
    paymentInstructions: settings.paymentInstructions,
  };
}
