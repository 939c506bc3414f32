import type { FieldErrors } from '#common/validation.ts';
import type { BillingCapability } from '#server/billing/billing-capability.ts';
import { takeUpEnquiry } from '#server/contact/enquiry-links.ts';
import type { CoreServices, StudioIdentitySource } from '#server/core-services.ts';
import type { Logger } from '#server/logger.ts';
import type { ProjectsCapability } from '#server/projects/projects-capability.ts';
import type { SignatureOrigin } from '#server/proposals/proposal-signing.ts';
import type { ProposalsCapability } from '#server/proposals/proposals-capability.ts';
import { inputOf } from '#server/proposals/proposal-views.ts';
import { startCardCheckout } from './card-checkout.ts';

/*
 * The client accepts a proposal (decision 114): signs it, and the work is set up in one step. The
 * signature is written first, once (a second acceptance, at once or later, is told it is accepted
 * already and creates nothing); then the project is made (or the one the proposal was for is
 * updated) with its package and its payment plan at the proposal's exact amount, the client gets
 * their portal access, the deposit is invoiced and sent, and Checkout is opened for it when the
 * studio takes cards. Should a step after the signature fail, the signature is taken back so the
 * client can sign again; nothing is told as done that is not committed.
 */

export type AcceptOutcome =
  | { kind: 'not-found' }
  | { kind: 'gone'; reason: 'expired' | 'withdrawn' }
  | { kind: 'accepted-already' }
  | { kind: 'invalid'; message: string; errors: FieldErrors }
  | {
      kind: 'accepted';
      projectId: number;
      clientEmail: string;
      /** Where the browser pays the deposit by card; absent without cards, without a deposit, or when Stripe failed. */
      checkoutUrl?: string;
    };

export type AcceptProposalParts = {
  proposals: Pick<ProposalsCapability, 'records' | 'sign' | 'unsign' | 'acceptedInto'>;
  projects: Pick<ProjectsCapability, 'records'>;
  billing: Pick<BillingCapability, 'plans' | 'invoices' | 'cardPayments' | 'desk'>;
} & StudioIdentitySource & { config: Pick<CoreServices['config'], 'PUBLIC_URL'> } & { logger?: Pick<Logger, 'warn'> };

export async function acceptProposal(
  parts: AcceptProposalParts,
  token: string,
  body: unknown,
  origin: SignatureOrigin,
): Promise<AcceptOutcome> {
  const proposal = await parts.proposals.records.byToken(token, false);
  if (!proposal) return { kind: 'not-found' };
  const signed = await parts.proposals.sign(proposal, body, origin);
  if (signed.kind !== 'signed') return signed;
  const { quote } = signed;
  const terms = inputOf(signed.proposal);
  let projectId: number;
  try {
    projectId = await projectFor(parts, signed.proposal.projectId, {
      title: terms.title,
      clientName: terms.clientName,
      clientEmail: terms.clientEmail,
      packageKey: quote.packageKey,
      // The project's price is whole dollars for the owner's list; the plan holds the exact amount.
      price: Math.round(quote.netCents / 100),
      dueDate: null,
      notes: projectNotes(terms.artistName, terms.message),
      contactSubmissionId: terms.contactSubmissionId,
      signer: signed.proposal.clientName,
    });
    const plan = await parts.billing.plans.put(
      projectId,
      {
        depositPercent: terms.depositPercent,
        depositDue: { rule: 'at_start' },
        balanceDue: terms.balanceDue,
        depositGatesUploads: terms.depositGatesUploads && terms.depositPercent > 0,
      },
      'start',
      {
        priceCents: quote.netCents,
        taxRate: Math.round(terms.taxPercent * 1000),
        label: quote.lines[0]?.label ?? quote.packageName,
      },
    );
    if (plan.kind !== 'saved') throw new Error(`the accepted proposal's plan was refused: ${plan.kind}`);
    await parts.projects.records.markInvited(projectId, { side: 'system' }, new Date(), { inviteEmail: false });
    // The deposit (or the payment in full due at the start) is sent at once: the client pays it now.
    for (const invoiceId of plan.invoiced) await parts.billing.invoices.send(invoiceId);
    await parts.proposals.acceptedInto(signed.proposal.id, projectId);
  } catch (error) {
    await parts.proposals.unsign(signed.proposal.id);
    throw error;
  }
  const firstInvoice = (await parts.billing.plans.get(projectId))?.plan?.parts[0];
  const checkoutUrl =
    firstInvoice?.invoiceId && firstInvoice.due.rule === 'at_start'
      ? await checkout(parts, terms.clientEmail, firstInvoice.invoiceId)
      : undefined;
  return { kind: 'accepted', projectId, clientEmail: terms.clientEmail, ...(checkoutUrl ? { checkoutUrl } : {}) };
}

const projectNotes = (artistName: string, message: string) =>
  [artistName ? `Artist: ${artistName}` : '', message ? `From the proposal: ${message}` : ''].filter(Boolean).join('\n\n');

/** The project the proposal was for, set to what was accepted; or a new one. */
async function projectFor(
  parts: AcceptProposalParts,
  existingId: number | null,
  project: {
    title: string;
    clientName: string;
    clientEmail: string;
    packageKey: string;
    price: number;
    dueDate: null;
    notes: string;
    contactSubmissionId: number | null;
    signer: string;
  },
): Promise<number> {
  const { signer, contactSubmissionId, ...fields } = project;
  const client = { side: 'client' as const, email: fields.clientEmail, name: signer };
  if (existingId !== null && (await parts.projects.records.adminView(existingId))) {
    const updated = await parts.projects.records.update(existingId, { packageKey: fields.packageKey, price: fields.price }, client);
    if (updated.kind !== 'saved') throw new Error(`the accepted proposal's project could not be updated: ${updated.kind}`);
    return existingId;
  }
  const created = await parts.projects.records.create({ ...fields, contactSubmissionId }, client, new Date(), takeUpEnquiry);
  if (created.kind === 'created') return created.project.id;
  // The enquiry it came from was deleted meanwhile: the project stands without it.
  const again = await parts.projects.records.create({ ...fields, contactSubmissionId: null }, client);
  if (again.kind !== 'created') throw new Error(`the accepted proposal's project was refused: ${JSON.stringify(again)}`);
  return again.project.id;
}

async function checkout(parts: AcceptProposalParts, email: string, invoiceId: number): Promise<string | undefined> {
  if (!parts.billing.cardPayments) return undefined;
  const started = await startCardCheckout(parts, email, invoiceId);
  return started.kind === 'checkout' ? started.url : undefined;
}
