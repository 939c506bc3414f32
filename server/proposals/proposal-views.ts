import { taxRateToPercent } from '#common/billing/money.ts';
import type { DueRule } from '#common/billing/payment-plan.ts';
import {
  type AdminProposalView,
  type CreateProposalInput,
  type ExtraLine,
  type ProposalListItem,
  type ProposalOption,
  type ProposalState,
} from '#common/proposals.ts';
import { quoteProposal, type PricedPackage, type ProposalTerms } from '#common/proposal-quote.ts';
import type { Proposal, ProposalSignature } from '#server/db/schema.ts';

/*
 * A proposal's row as the API reads it: JSON columns parsed, the state as the owner sees it (a sent
 * proposal the client opened is "viewed", one past its date "expired"), and its sums.
 */

export const termsOf = (row: Proposal): ProposalTerms => ({
  packageKey: row.packageKey,
  songs: row.songs,
  extras: JSON.parse(row.extras) as ExtraLine[],
  options: JSON.parse(row.options) as ProposalOption[],
  depositPercent: row.depositPercent,
  taxPercent: taxRateToPercent(row.taxRate),
  discountCents: Number(row.discountCents),
});

/** Expired once the studio's calendar has passed its last day (`today` is the studio's date). */
export const isExpired = (row: Pick<Proposal, 'expiresOn'>, today: string) => row.expiresOn !== null && row.expiresOn < today;

/** The state the owner reads: a sent proposal is expired past its last day, else viewed once opened. */
export function stateOf(row: Pick<Proposal, 'state' | 'expiresOn'> & { viewed: boolean }, today: string): ProposalState {
  if (row.state === 'draft' || row.state === 'accepted' || row.state === 'withdrawn') return row.state;
  if (isExpired(row, today)) return 'expired';
  return row.viewed ? 'viewed' : 'sent';
}

export function inputOf(row: Proposal): CreateProposalInput {
  const terms = termsOf(row);
  return {
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    artistName: row.artistName,
    title: row.title,
    packageKey: row.packageKey,
    songs: row.songs,
    extras: [...terms.extras],
    options: [...terms.options],
    depositPercent: row.depositPercent,
    balanceDue: JSON.parse(row.balanceDue) as DueRule,
    depositGatesUploads: row.depositGatesUploads === 1,
    taxPercent: terms.taxPercent,
    discountCents: terms.discountCents,
    message: row.message,
    expiresOn: row.expiresOn,
    bookingId: row.bookingId,
    contactSubmissionId: row.contactSubmissionId,
    projectId: row.projectId,
  };
}

export function adminView(
  row: Proposal,
  signature: ProposalSignature | undefined,
  facts: { packages: readonly PricedPackage[]; currency: string; today: string; url: string | null },
): AdminProposalView {
  const quoted = quoteProposal(termsOf(row), facts.packages);
  const quote = quoted.kind === 'quote' ? quoted.quote : null;
  return {
    id: row.id,
    ...inputOf(row),
    state: stateOf({ ...row, viewed: row.firstViewedAt !== null }, facts.today),
    currency: facts.currency,
    quote,
    // Signed: what the client agreed to (their options counted); else the sums with none chosen.
    totalCents: signature ? Number(signature.totalCents) : (quote?.totalCents ?? 0),
    url: facts.url,
    sentAt: row.sentAt === null ? null : String(row.sentAt),
    firstViewedAt: row.firstViewedAt === null ? null : String(row.firstViewedAt),
    viewCount: row.viewCount,
    acceptedAt: row.acceptedAt === null ? null : String(row.acceptedAt),
    withdrawnAt: row.withdrawnAt === null ? null : String(row.withdrawnAt),
    createdAt: String(row.createdAt),
    updatedAt: String(row.updatedAt),
    signature: signature
      ? {
          signatureName: signature.signatureName,
          signedAt: String(signature.signedAt),
          ipAddress: signature.ipAddress,
          userAgent: signature.userAgent,
          agreementSha256: signature.agreementSha256,
          optionKeys: JSON.parse(signature.optionKeys) as string[],
          totalCents: Number(signature.totalCents),
        }
      : null,
    acceptedProjectId: row.acceptedProjectId,
    requestNote: row.requestNote,
  };
}

export function listItem(view: AdminProposalView): ProposalListItem {
  return {
    id: view.id,
    title: view.title,
    clientName: view.clientName,
    clientEmail: view.clientEmail,
    state: view.state,
    totalCents: view.totalCents,
    currency: view.currency,
    sentAt: view.sentAt,
    expiresOn: view.expiresOn,
    updatedAt: view.updatedAt,
  };
}
