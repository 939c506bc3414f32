import type { BillingCapability } from '#server/billing/billing-capability.ts';
import type { InvoiceOutcome } from '#server/billing/invoices.ts';
import type { Actor } from '#server/projects/activity.ts';
import type { ProjectsCapability } from '#server/projects/projects-capability.ts';

/*
 * The owner sends an invoice (decision 104). A client who was never invited could not pay it: the
 * e-mail's link would land on a sign-in they cannot pass. So sending first gives them their portal
 * access, recorded as an invitation in the project's log, without the separate invitation e-mail:
 * the invoice e-mail carries the same single-use sign-in link (billing-emails.ts asks projects for
 * it when it is sent). A client whose access the owner took away stays without it: that was the
 * owner's decision, and the invoice still reaches them with the project's address.
 */

export type SendInvoiceParts = {
  billing: Pick<BillingCapability, 'invoices'>;
  projects: Pick<ProjectsCapability, 'records'>;
};

export async function sendInvoice(parts: SendInvoiceParts, invoiceId: number, actor: Actor & { side: 'studio' }): Promise<InvoiceOutcome> {
  const { invoices } = parts.billing;
  const invoice = await invoices.get(invoiceId);
  if (!invoice) return { kind: 'not-found' };
  // Only a draft that will be sent: the service refuses the rest, and nobody is invited for a refusal.
  if (invoice.state === 'draft' && invoice.totalCents > 0) {
    const project = await parts.projects.records.adminView(invoice.projectId);
    if (project && project.invitedAt === null)
      await parts.projects.records.markInvited(invoice.projectId, actor, new Date(), { inviteEmail: false });
  }
  return invoices.send(invoiceId);
}
