import { dateIn } from '#common/booking/slot-days.ts';
import { AGREEMENT_TITLE, type ClientProposalView, type CreateProposalInput } from '#common/proposals.ts';
import { planTermsSentence, type PricedPackage } from '#common/proposal-quote.ts';
import { fillContentTokens } from '#common/site-content/content-tokens.ts';
import { tokenFactsOf } from '#common/site-content/service-rules.ts';
import type { SiteContent } from '#common/site-content/sections.ts';
import type { MailingServices } from '#server/core-services.ts';
import type { Proposal } from '#server/db/schema.ts';
import { MailSender } from '#server/email/mail-sender.ts';
import { nextDueAt } from '#server/email/retried-mail.ts';
import { queueProposalEmail, sendDueProposalEmails } from './proposal-emails.ts';
import { signProposal, unsignProposal, recordAcceptedProject, type SignatureOrigin } from './proposal-signing.ts';
import { clientViewOf, proposalPdfOf, type ReaderParts } from './proposal-readers.ts';
import { ProposalTemplates } from './proposal-templates.ts';
import { receiveProjectRequest, type ProjectRequestIntake, type ProjectRequestOutcome } from './project-requests.ts';
import { ProposalsService } from './proposals-service.ts';

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
  /** A project started from the site's start page: a draft for the owner, or sent at once (decision 115). */
  requestProject(intake: ProjectRequestIntake): Promise<ProjectRequestOutcome>;
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

  const readers: ReaderParts = { ...parts, records, agreementFor, packagesOf, now };
  const pdf = (proposalId: number) => proposalPdfOf(readers, proposalId);

  const proposalEmails = new MailSender({
    sendDue: (at) =>
      sendDueProposalEmails(
        {
          ...parts,
          publicUrl,
          linkOf: (row) => records.linkOf(row),
          signedPdf: pdf,
          currency: async () => (await content()).billing.currency,
          packages: async () => packagesOf(await content()),
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
    clientView: (token, count) => clientViewOf(readers, token, count),
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
    requestProject: (intake) =>
      receiveProjectRequest(
        {
          ...parts,
          records,
          content,
          publicUrl,
          now,
          queueStudioNotice: (trx, id) => queueProposalEmail(trx, id, 'studio_request', `studio-request:${id}`, now()),
          queueClientLink: (trx, id, subject) => queueProposalEmail(trx, id, 'sent', subject, now()),
          emailsQueued: () => proposalEmails.sendSoon(),
        },
        intake,
      ),
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
