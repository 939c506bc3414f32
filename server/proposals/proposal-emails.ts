import type { Kysely } from 'kysely';
import { formatMoney } from '#common/billing/money.ts';
import { quoteProposal, type PricedPackage, type ProposalQuote } from '#common/proposal-quote.ts';
import type { MailingServices } from '#server/core-services.ts';
import type { Database, Proposal, ProposalEmailKind } from '#server/db/schema.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { dateWords } from '#server/pdf/pdf-text.ts';
import { termsOf } from './proposal-views.ts';
import { claimForSending, deliverDue, markFailed, markSent, type DeliveryResult } from '#server/email/retried-mail.ts';

/*
 * A proposal's e-mails (decision 114), each a row first, committed with what it tells of, then sent
 * at least once: the link to the client when the owner sends (or resends) it; on acceptance the
 * signed agreement to the client and the notice to the studio, both with the signed PDF attached.
 * `subject` keeps each single: a replayed acceptance or two instances never make two.
 */

export async function queueProposalEmail(
  trx: Kysely<Database>,
  proposalId: number,
  kind: ProposalEmailKind,
  subject: string,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('proposalEmails')
    .values({ proposalId, kind, subject, nextAttemptAt: now.toISOString(), createdAt: now.toISOString() })
    .onConflict((conflict) => conflict.column('subject').doNothing())
    .execute();
}

export interface ProposalEmailDeps extends MailingServices {
  publicUrl: string;
  /** The client's link of a sent proposal. */
  linkOf: (proposal: Proposal) => string | null;
  /** The signed agreement as a PDF, once signed. */
  signedPdf: (proposalId: number) => Promise<Buffer | null>;
  currency: () => Promise<string>;
  /** The package records, to word a request's sums. */
  packages: () => Promise<PricedPackage[]>;
}

/** Visitor text in a subject line: one line, a sane length. */
const headerLine = (value: string) => value.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').slice(0, 80);

const signedQuote = async (db: Kysely<Database>, proposalId: number) => {
  const row = await db
    .selectFrom('proposalSignatures')
    .select(['quote', 'signatureName'])
    .where('proposalId', '=', proposalId)
    .executeTakeFirst();
  return row ? { quote: JSON.parse(row.quote) as ProposalQuote, signatureName: row.signatureName } : null;
};

async function compose(deps: ProposalEmailDeps, kind: ProposalEmailKind, proposal: Proposal): Promise<MailMessage | null> {
  const studio = await deps.studioIdentity();
  const currency = await deps.currency();
  const greeting = `Hi ${proposal.clientName},`;
  if (kind === 'sent') {
    const link = deps.linkOf(proposal);
    if (!link) return null;
    const until = proposal.expiresOn ? ` It is open until ${dateWords(proposal.expiresOn)}.` : '';
    const text = [
      greeting,
      '',
      `${studio.name} has sent you a proposal: ${proposal.title}.`,
      ...(proposal.message ? ['', proposal.message] : []),
      '',
      `Read it, choose your options, sign and pay the deposit here:${until}`,
      link,
      '',
      `Questions? Reply to this e-mail or write to ${studio.email}.`,
      '',
      studio.name,
    ].join('\n');
    return { to: proposal.clientEmail, subject: `Your proposal from ${studio.name}: ${proposal.title}`, text, replyTo: studio.email };
  }
  if (kind === 'studio_request') return composeRequestNotice(deps, proposal, studio.email, currency);
  const signed = await signedQuote(deps.db, proposal.id);
  if (!signed) return null;
  const total = formatMoney(signed.quote.totalCents, currency);
  if (kind === 'signed') {
    const projectUrl = proposal.acceptedProjectId
      ? `${deps.publicUrl}/portal/projects/${proposal.acceptedProjectId}`
      : `${deps.publicUrl}/portal`;
    const text = [
      greeting,
      '',
      `Thank you: you accepted and signed “${proposal.title}” (${signed.quote.packageName}, ${total} in all).`,
      'Your signed agreement is attached, with the record of your signature on its last page.',
      '',
      `Your project page, to pay the deposit and send your files: ${projectUrl}`,
      '',
      studio.name,
    ].join('\n');
    return { to: proposal.clientEmail, subject: `Signed: ${proposal.title}`, text, replyTo: studio.email };
  }
  const adminUrl = proposal.acceptedProjectId
    ? `${deps.publicUrl}/manage/projects/${proposal.acceptedProjectId}`
    : `${deps.publicUrl}/manage/proposals/${proposal.id}`;
  const text = [
    `${signed.signatureName} accepted and signed “${proposal.title}”.`,
    '',
    `Client: ${proposal.clientName} <${proposal.clientEmail}>`,
    `Package: ${signed.quote.packageName}`,
    `Total: ${total}`,
    '',
    'The signed agreement is attached. The project and its payment plan are ready:',
    adminUrl,
  ].join('\n');
  return { to: studio.email, subject: `Proposal accepted: ${proposal.title} (${proposal.clientName}, ${total})`, text };
}

/**
 * A project started from the site, to the studio: asked (the draft waits for the owner to send it) or
 * booked at once (the visitor went on to sign and pay). Reply-To is the visitor.
 */
async function composeRequestNotice(deps: ProposalEmailDeps, proposal: Proposal, to: string, currency: string): Promise<MailMessage> {
  const quoted = quoteProposal(termsOf(proposal), await deps.packages());
  const quote = quoted.kind === 'quote' ? quoted.quote : null;
  const extras = quote ? quote.lines.slice(1).map((entry) => entry.label) : [];
  const instant = proposal.state !== 'draft';
  const total = quote ? formatMoney(quote.totalCents, currency) : 'not priced (the package is gone)';
  const text = [
    instant
      ? `${proposal.clientName} booked a project from the site and was sent on to sign and pay the deposit.`
      : `${proposal.clientName} asked for a proposal from the site.`,
    '',
    `Client:  ${proposal.clientName} <${proposal.clientEmail}>`,
    `Project: ${proposal.title}`,
    `Extras:  ${extras.length > 0 ? extras.join(', ') : 'none'}`,
    `Total:   ${total}`,
    '',
    'Their note:',
    proposal.requestNote?.trim() ? proposal.requestNote : '(none)',
    '',
    instant ? 'The proposal as it was sent:' : 'Review the draft proposal and send it:',
    `${deps.publicUrl}/manage/proposals/${proposal.id}`,
  ].join('\n');
  const subject = instant
    ? `Project booked from the site: ${headerLine(proposal.title)} (${headerLine(proposal.clientName)}, ${total})`
    : `Proposal requested: ${headerLine(proposal.title)} (${headerLine(proposal.clientName)}, ${total})`;
  return { to, subject, text, replyTo: proposal.clientEmail };
}

async function deliverProposalEmail(deps: ProposalEmailDeps, id: number, now: Date): Promise<DeliveryResult> {
  const { db, logger } = deps;
  if (!(await claimForSending(db, 'proposalEmails', id, now))) return 'skipped';
  const row = await db.selectFrom('proposalEmails').selectAll().where('id', '=', id).executeTakeFirst();
  const proposal = row && (await db.selectFrom('proposals').selectAll().where('id', '=', row.proposalId).executeTakeFirst());
  if (!row || !proposal) return 'skipped';
  try {
    // A link e-mail of a proposal withdrawn meanwhile is not sent: the link would say "withdrawn".
    const message = row.kind === 'sent' && proposal.state !== 'sent' ? null : await compose(deps, row.kind, proposal);
    if (message) {
      const pdf = row.kind === 'sent' || row.kind === 'studio_request' ? null : await deps.signedPdf(proposal.id);
      const attachments = pdf
        ? [{ filename: `Signed agreement - ${proposal.title}.pdf`, content: pdf, contentType: 'application/pdf' }]
        : undefined;
      await deps.mailer.send({ ...message, ...(attachments ? { attachments } : {}) });
    }
  } catch (error) {
    const retryAt = await markFailed(db, 'proposalEmails', id, error, row.attempts, now);
    logger.warn({ err: error, emailId: id, kind: row.kind, proposalId: proposal.id, retryAt }, 'proposal e-mail not sent; will retry');
    return 'failed';
  }
  await markSent(db, 'proposalEmails', id, now);
  return 'sent';
}

export function sendDueProposalEmails(deps: ProposalEmailDeps, now = new Date()): Promise<Record<DeliveryResult, number>> {
  return deliverDue(deps.db, 'proposalEmails', (id) => deliverProposalEmail(deps, id, now), now);
}
