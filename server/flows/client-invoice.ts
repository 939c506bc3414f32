import { sees } from '#common/collaborators.ts';
import type { InvoiceView } from '#common/billing/invoices.ts';
import type { BillingCapability } from '#server/billing/billing-capability.ts';
import type { ProjectsCapability } from '#server/projects/projects-capability.ts';

/*
 * An invoice as its client may reach it from the portal (its PDF, paying it): a sent one (never a
 * draft) of a project whose invoices the signed-in address sees (common/collaborators.ts: its
 * invited client). Anything else, anyone else's
 * invoice included, is not found, like one that does not exist.
 */

export type ClientInvoice = { kind: 'not-found' } | { kind: 'invoice'; invoice: InvoiceView };

export type ClientInvoiceParts = { billing: Pick<BillingCapability, 'invoices'>; projects: Pick<ProjectsCapability, 'records'> };

export async function clientInvoice(parts: ClientInvoiceParts, email: string, invoiceId: number): Promise<ClientInvoice> {
  const invoice = await parts.billing.invoices.get(invoiceId);
  if (!invoice || invoice.state === 'draft' || invoice.sentAt === null) return { kind: 'not-found' };
  if (!sees(await parts.projects.records.accessTo(email, invoice.projectId), 'invoices')) return { kind: 'not-found' };
  return { kind: 'invoice', invoice };
}
