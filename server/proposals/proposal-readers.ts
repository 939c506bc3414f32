import { dateIn } from '#common/booking/slot-days.ts';
import { partWords, quoteProposal, type PricedPackage, type ProposalQuote } from '#common/proposal-quote.ts';
import { AGREEMENT_TITLE, type ClientProposalView, type CreateProposalInput } from '#common/proposals.ts';
import { revisionsWording } from '#common/site-content/package-words.ts';
import type { Package } from '#common/site-content/packages.ts';
import type { SiteContent } from '#common/site-content/sections.ts';
import { turnaroundWording } from '#common/site-content/turnaround-words.ts';
import type { MailingServices } from '#server/core-services.ts';
import type { Proposal } from '#server/db/schema.ts';
import { proposalPdf } from './proposal-pdf.ts';
import { inputOf, isExpired, termsOf } from './proposal-views.ts';
import type { ProposalsService } from './proposals-service.ts';

/*
 * What proposals show outside the owner's API (decision 114): the PDF (signed, with its audit trail,
 * once accepted) and the client's page, each read from the proposal, its signature and the site.
 */

/** What the readers take: the site, the studio, the proposal records and the capability's helpers. */
export interface ReaderParts extends Pick<MailingServices, 'db' | 'studioIdentity'> {
  content: () => Promise<SiteContent>;
  cardPayments: boolean;
  records: ProposalsService;
  agreementFor: (proposal: CreateProposalInput) => Promise<string>;
  packagesOf: (site: SiteContent) => PricedPackage[];
  now: () => Date;
}

export type ClientView = { proposal: Proposal; view: ClientProposalView };

/** What the client's page lists of a package: what it includes, its revision rounds and its turnaround. */
const packageFacts = (pkg: Package) => ({
  included: pkg.included,
  revisions: revisionsWording(pkg.revisions) ?? '',
  turnaround: turnaroundWording(pkg.turnaround),
});

export async function proposalPdfOf(parts: ReaderParts, proposalId: number): Promise<Buffer | null> {
  const { records, content, db, packagesOf, agreementFor } = parts;
  const row = await records.row(proposalId);
  if (!row) return null;
  const [site, studio, signature] = await Promise.all([
    content(),
    parts.studioIdentity(),
    db.selectFrom('proposalSignatures').selectAll().where('proposalId', '=', proposalId).executeTakeFirst(),
  ]);
  const unsigned = signature ? null : quoteProposal(termsOf(row), packagesOf(site));
  const quote = signature ? (JSON.parse(signature.quote) as ProposalQuote) : unsigned?.kind === 'quote' ? unsigned.quote : null;
  if (!quote) return null;
  const terms = inputOf(row);
  const optionKeys = signature ? (JSON.parse(signature.optionKeys) as string[]) : [];
  const location = site.studio.location;
  return proposalPdf({
    studio: {
      name: studio.name,
      email: studio.email,
      addressLines: [site.studio.streetAddress, `${location.city}, ${location.region} ${site.studio.postalCode}`.trim()].filter(Boolean),
    },
    proposal: {
      id: row.id,
      title: row.title,
      clientName: row.clientName,
      clientEmail: row.clientEmail,
      artistName: row.artistName,
      message: row.message,
      sentAt: row.sentAt === null ? null : String(row.sentAt),
      firstViewedAt: row.firstViewedAt === null ? null : String(row.firstViewedAt),
      expiresOn: row.expiresOn,
    },
    currency: site.billing.currency,
    quote,
    partWords: partWords(
      terms,
      quote.parts.map((part) => part.kind),
    ),
    agreement: {
      title: signature?.agreementTitle ?? AGREEMENT_TITLE,
      text: signature?.agreementText ?? row.agreementText ?? (await agreementFor(terms)),
    },
    signature: signature
      ? {
          signatureName: signature.signatureName,
          signedAt: String(signature.signedAt),
          ipAddress: signature.ipAddress,
          userAgent: signature.userAgent,
          agreementSha256: signature.agreementSha256,
          optionLabels: terms.options.filter((option) => optionKeys.includes(option.key)).map((option) => option.label),
        }
      : null,
  });
}

export async function clientViewOf(parts: ReaderParts, token: string, count: boolean): Promise<ClientView | null> {
  const { records, content, db, now } = parts;
  const proposal = await records.byToken(token, count);
  if (!proposal || proposal.state === 'draft' || proposal.agreementText === null) return null;
  const [site, studio, signature] = await Promise.all([
    content(),
    parts.studioIdentity(),
    db
      .selectFrom('proposalSignatures')
      .select(['signatureName', 'signedAt', 'quote', 'optionKeys', 'totalCents'])
      .where('proposalId', '=', proposal.id)
      .executeTakeFirst(),
  ]);
  const terms = inputOf(proposal);
  const state =
    proposal.state === 'accepted'
      ? 'accepted'
      : proposal.state === 'withdrawn'
        ? 'withdrawn'
        : isExpired(proposal, dateIn(now().getTime(), site.studio.hours.timeZone))
          ? 'expired'
          : 'open';
  const offered = new Set([terms.packageKey, ...terms.options.flatMap((option) => (option.packageKey ? [option.packageKey] : []))]);
  const packages = site.packages.packages.filter((pkg) => offered.has(pkg.key));
  return {
    proposal,
    view: {
      state,
      title: proposal.title,
      clientName: proposal.clientName,
      artistName: proposal.artistName,
      message: proposal.message,
      studioName: studio.name,
      currency: site.billing.currency,
      songs: terms.songs,
      packageKey: terms.packageKey,
      packages: packages.map((pkg) => ({ key: pkg.key, name: pkg.name, price: pkg.price })),
      included: Object.fromEntries(packages.map((pkg) => [pkg.key, packageFacts(pkg)])),
      extras: terms.extras,
      options: terms.options,
      depositPercent: terms.depositPercent,
      taxPercent: terms.taxPercent,
      discountCents: terms.discountCents,
      balanceDue: terms.balanceDue,
      depositGatesUploads: terms.depositGatesUploads,
      expiresOn: proposal.expiresOn,
      agreementTitle: AGREEMENT_TITLE,
      agreementText: proposal.agreementText,
      cardPayments: parts.cardPayments,
      paymentInstructions: site.billing.paymentInstructions,
      signature: signature
        ? {
            signatureName: signature.signatureName,
            signedAt: String(signature.signedAt),
            packageKey: (JSON.parse(signature.quote) as ProposalQuote).packageKey,
            optionLabels: terms.options
              .filter((option) => !option.packageKey && (JSON.parse(signature.optionKeys) as string[]).includes(option.key))
              .map((option) => option.label),
            totalCents: Number(signature.totalCents),
          }
        : null,
    },
  };
}
