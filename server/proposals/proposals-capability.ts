import { dateIn } from '#common/booking/slot-days.ts';
import {
  AGREEMENT_TITLE,
  partWords,
  planTermsSentence,
  quoteProposal,
  type ClientProposalView,
  type CreateProposalInput,
  type PricedPackage,
  type ProposalQuote,
} from '#common/proposals.ts';
import { fillContentTokens } from '#common/site-content/content-tokens.ts';
import { tokenFactsOf } from '#common/site-content/service-rules.ts';
import { revisionsWording } from '#common/site-content/package-words.ts';
import { turnaroundWording } from '#common/site-content/turnaround-words.ts';
import type { Package } from '#common/site-content/packages.ts';
import type { SiteContent } from '#common/site-content/sections.ts';
import type { MailingServices } from '#server/core-services.ts';
import type { Proposal } from '#server/db/schema.ts';
import { MailSender } from '#server/email/mail-sender.ts';
import { nextDueAt } from '#server/email/retried-mail.ts';
import { queueProposalEmail, sendDueProposalEmails } from './proposal-emails.ts';
import { proposalPdf } from './proposal-pdf.ts';
import { signProposal, unsignProposal, recordAcceptedProject, type SignatureOrigin } from './proposal-signing.ts';
import { ProposalTemplates } from './proposal-templates.ts';
import { termsOf, inputOf, isExpired } from './proposal-views.ts';
import { ProposalsService } from './proposals-service.ts';

/** What the client's page lists of a package: what it includes, its revision rounds and its turnaround. */
const packageFacts = (pkg: Package) => ({
  included: pkg.included,
  revisions: revisionsWording(pkg.revisions) ?? '',
  turnaround: turnaroundWording(pkg.turnaround),
});

/** Proposals the client accepts, signs and pays (issue 40, decision 114), built once per process by server/services.ts. */
export interface ProposalsCapability {
  records: ProposalsService;
  templates: ProposalTemplates;
  proposalEmails: MailSender;
  /** The proposal as a PDF: signed (with its audit trail) once accepted. */
  pdf(proposalId: number): Promise<Buffer | null>;
  /** What the client's page shows for a link; null for no such link. `count`: a visit. */
  clientView(token: string, count: boolean): Promise<{ proposal: Proposal; view: ClientProposalView } | null>;
  sign: (proposal: Proposal, body: unknown, origin: SignatureOrigin) => ReturnType<typeof signProposal>;
  unsign: (proposalId: number) => Promise<void>;
  /** The project the acceptance made, with the signed copy to the client and the notice to the studio queued. */
  acceptedInto(proposalId: number, projectId: number): Promise<void>;
  /** The signed PDF of the project's accepted proposal (the portal's agreement.pdf), or null. */
  signedPdfOfProject(projectId: number): Promise<Buffer | null>;
}

export function createProposalsCapability(
  parts: MailingServices & {
    publicUrl: string;
    content: () => Promise<SiteContent>;
    /** Whether the studio takes cards (Stripe configured). */
    cardPayments: boolean;
    exists: (kind: 'booking' | 'enquiry' | 'project', id: number) => Promise<boolean>;
    now?: () => Date;
  },
): ProposalsCapability {
  const { db, content, publicUrl } = parts;
  const now = parts.now ?? (() => new Date());
  const packagesOf = (site: SiteContent): PricedPackage[] =>
    site.packages.packages.map((pkg) => ({ key: pkg.key, name: pkg.name, price: pkg.price }));
  const today = async () => dateIn(now().getTime(), (await content()).studio.hours.timeZone);
  const agreementFor = async (proposal: CreateProposalInput) => {
    const site = await content();
    return fillContentTokens(site.agreement.body, { ...tokenFactsOf(site), planTerms: planTermsSentence(proposal) });
  };
  const records = new ProposalsService(
    db,
    {
      packages: async () => packagesOf(await content()),
      currency: async () => (await content()).billing.currency,
      today,
      agreementFor,
      exists: parts.exists,
    },
    parts.config.SESSION_SECRET,
    publicUrl,
    now,
  );
  const templates = new ProposalTemplates(db, async (key) => (await content()).packages.packages.some((pkg) => pkg.key === key), now);

  async function pdf(proposalId: number): Promise<Buffer | null> {
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

  const proposalEmails = new MailSender({
    sendDue: (at) =>
      sendDueProposalEmails(
        {
          ...parts,
          publicUrl,
          linkOf: (row) => records.linkOf(row),
          signedPdf: pdf,
          currency: async () => (await content()).billing.currency,
        },
        at,
      ),
    nextDueAt: () => nextDueAt(db, 'proposalEmails'),
    logger: parts.logger,
    label: 'proposal e-mails',
  });

  return {
    records,
    templates,
    proposalEmails,
    pdf,
    async clientView(token, count) {
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
    },
    async sign(proposal, body, origin) {
      const site = await content();
      return signProposal(db, proposal, body, origin, {
        packages: packagesOf(site),
        today: dateIn(now().getTime(), site.studio.hours.timeZone),
        agreementTitle: AGREEMENT_TITLE,
        now: now(),
      });
    },
    unsign: (proposalId) => unsignProposal(db, proposalId),
    async acceptedInto(proposalId, projectId) {
      const at = now();
      await recordAcceptedProject(db, proposalId, projectId, async (trx) => {
        await queueProposalEmail(trx, proposalId, 'signed', `signed:${proposalId}`, at);
        await queueProposalEmail(trx, proposalId, 'studio_signed', `studio-signed:${proposalId}`, at);
      });
      proposalEmails.sendSoon();
    },
    async signedPdfOfProject(projectId) {
      const row = await db
        .selectFrom('proposals')
        .select('id')
        .where('acceptedProjectId', '=', projectId)
        .where('state', '=', 'accepted')
        .orderBy('acceptedAt', 'desc')
        .executeTakeFirst();
      return row ? pdf(row.id) : null;
    },
  };
}
