import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { acceptProposalSchema } from '#common/proposals.ts';
import { quoteProblemMessage, quoteProposal, type PricedPackage, type ProposalQuote } from '#common/proposal-quote.ts';
import { validate, type FieldErrors } from '#common/validation.ts';
import type { Database, Proposal } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import { isExpired, termsOf } from './proposal-views.ts';

/*
 * The client's signature (decision 114): a real e-signature record, written once. The typed name,
 * the time, the address and the user agent, the exact agreement text the page showed (fixed when the
 * proposal was sent) and its SHA-256, the options chosen and the sums agreed. The signature's row is
 * keyed by the proposal: of two acceptances at once, one writes it and the other is told the
 * proposal is accepted already, on either database.
 */

export type SignOutcome =
  | { kind: 'not-found' }
  | { kind: 'gone'; reason: 'expired' | 'withdrawn' }
  | { kind: 'accepted-already' }
  | { kind: 'invalid'; message: string; errors: FieldErrors }
  | { kind: 'signed'; proposal: Proposal; quote: ProposalQuote; optionKeys: string[] };

export const sha256Of = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Where the signature came from: the request's address and browser. */
export interface SignatureOrigin {
  ipAddress: string;
  userAgent: string;
}

export async function signProposal(
  db: Kysely<Database>,
  proposal: Proposal,
  body: unknown,
  origin: SignatureOrigin,
  facts: { packages: readonly PricedPackage[]; today: string; agreementTitle: string; now: Date },
): Promise<SignOutcome> {
  if (proposal.state === 'accepted') return { kind: 'accepted-already' };
  if (proposal.state === 'withdrawn') return { kind: 'gone', reason: 'withdrawn' };
  if (proposal.state !== 'sent' || proposal.agreementText === null) return { kind: 'not-found' };
  if (isExpired(proposal, facts.today)) return { kind: 'gone', reason: 'expired' };
  const parsed = validate(acceptProposalSchema, body ?? {}, 'Please check your acceptance');
  if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
  const optionKeys = [...new Set(parsed.data.optionKeys)];
  const quoted = quoteProposal(termsOf(proposal), facts.packages, optionKeys);
  if (quoted.kind === 'problem')
    return { kind: 'invalid', message: quoteProblemMessage(quoted.problem), errors: { optionKeys: [quoteProblemMessage(quoted.problem)] } };
  const at = facts.now.toISOString();
  const agreementText = proposal.agreementText;
  try {
    const signed = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('proposalSignatures')
        .values({
          proposalId: proposal.id,
          signatureName: parsed.data.signatureName,
          signedAt: at,
          ipAddress: origin.ipAddress.slice(0, 100),
          userAgent: origin.userAgent.slice(0, 500),
          agreementTitle: facts.agreementTitle,
          agreementText,
          agreementSha256: sha256Of(agreementText),
          optionKeys: JSON.stringify(optionKeys),
          quote: JSON.stringify(quoted.quote),
          totalCents: quoted.quote.totalCents,
        })
        .execute();
      return trx
        .updateTable('proposals')
        .set({ state: 'accepted', acceptedAt: at, updatedAt: at })
        .where('id', '=', proposal.id)
        .where('state', '=', 'sent')
        .returningAll()
        .executeTakeFirst();
    });
    if (!signed) return { kind: 'accepted-already' };
    return { kind: 'signed', proposal: signed, quote: quoted.quote, optionKeys };
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'accepted-already' };
    throw error;
  }
}

/**
 * Takes a signature back when what follows it (the project, the plan) failed: the proposal is open
 * again and the client may sign again; nothing of the failed attempt stays.
 */
export async function unsignProposal(db: Kysely<Database>, proposalId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('proposalSignatures').where('proposalId', '=', proposalId).execute();
    await trx
      .updateTable('proposals')
      .set({ state: 'sent', acceptedAt: null })
      .where('id', '=', proposalId)
      .where('acceptedProjectId', 'is', null)
      .execute();
  });
}

/** The project the acceptance made or updated, and the e-mails it owes, in one commit. */
export async function recordAcceptedProject(
  db: Kysely<Database>,
  proposalId: number,
  projectId: number,
  queueEmails: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('proposals').set({ acceptedProjectId: projectId }).where('id', '=', proposalId).execute();
    await queueEmails(trx);
  });
}
