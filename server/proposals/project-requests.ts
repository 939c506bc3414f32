import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CONTACT_FORM_TOKEN_FIELD, CONTACT_HONEYPOT_FIELD } from '#common/contact-fields.ts';
import { projectRequestSchema, quoteProjectRequest, type ProjectRequest, type StartPackage } from '#common/project-requests.ts';
import type { CreateProposalInput } from '#common/proposals.ts';
import type { ProposalQuote } from '#common/proposal-quote.ts';
import type { SiteContent } from '#common/site-content/sections.ts';
import { packageExtraKey } from '#common/site-content/packages.ts';
import { validate, type FieldErrors } from '#common/validation.ts';
import type { MailingServices } from '#server/core-services.ts';
import { caughtAsSpam } from '#server/cookies/form-token.ts';
import type { Database } from '#server/db/schema.ts';
import { hitRateLimit } from '#server/rate-limits/rate-limit.ts';
import type { ProposalsService } from './proposals-service.ts';

/*
 * A project started from the site (decision 115): the request judged as the other public forms are
 * (the contact form's honeypot and fill-time stamp, a limit per client address over the contact
 * form's window and one per e-mail address a day), priced from the package records, then kept as a
 * draft proposal the owner reviews and sends, or, where the owner allows instant booking for the
 * package, sent at once so the visitor signs and pays on its page. The studio is told of each.
 */

const MINUTE = 60_000;
/** The contact form's window per client address (its limit is CONTACT_RATE_LIMIT). */
const PER_IP_WINDOW_MS = 10 * MINUTE;
/** A person asks for one or two projects a day; more from one address is a script. */
const PER_EMAIL = { limit: 5, windowMs: 24 * 60 * MINUTE };

export interface ProjectRequestIntake {
  body: unknown;
  ip: string;
  /** The contact form's stamp cookie, when the browser sent one (server/cookies/form-stamp.ts). */
  formStamp?: string;
}

export type ProjectRequestOutcome =
  | { kind: 'invalid'; message: string; errors: FieldErrors }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'requested'; proposalId: number; quote: ProposalQuote; currency: string }
  | { kind: 'instant'; proposalId: number; url: string; quote: ProposalQuote; currency: string }
  /** Caught by the spam checks: nothing stored or mailed, answered as a person's request would be (its link names nothing). */
  | { kind: 'spam'; answer: 'requested' | 'instant'; url: string | null; quote: ProposalQuote; currency: string };

export interface ProjectRequestDeps extends MailingServices {
  records: ProposalsService;
  content: () => Promise<SiteContent>;
  publicUrl: string;
  /** Queues the studio's notice of a request in the draft's transaction. */
  queueStudioNotice: (trx: Kysely<Database>, proposalId: number) => Promise<void>;
  /** Queues the link to the client when an instant request's proposal is sent. */
  queueClientLink: (trx: Kysely<Database>, proposalId: number, subject: string) => Promise<void>;
  /** Starts sending what was queued. */
  emailsQueued: () => void;
  now?: () => Date;
}

const objectOrEmpty = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** The start page's packages: what a visitor may choose and what each costs. */
export const startPackagesOf = (site: SiteContent): StartPackage[] =>
  site.packages.packages.map((pkg) => ({
    key: pkg.key,
    name: pkg.name,
    price: pkg.price,
    priceNote: pkg.priceNote,
    instantBooking: pkg.instantBooking,
    extras: pkg.extras,
  }));

const songsWords = (songs: number) => (songs === 1 ? '1 song' : `${songs} songs`);

function draftOf(request: ProjectRequest, pkg: StartPackage, extras: CreateProposalInput['extras'], site: SiteContent) {
  return {
    clientName: request.name,
    clientEmail: request.email,
    title: `${pkg.name}, ${songsWords(request.songs)}`.slice(0, 120),
    packageKey: pkg.key,
    songs: request.songs,
    extras,
    depositPercent: site.billing.depositPercent,
    balanceDue: { rule: 'before_delivery' as const },
  };
}

/** Counts one well-formed request against both windows; the wait when either is spent. */
async function spentWindow(deps: ProjectRequestDeps, request: ProjectRequest, ip: string, now: Date): Promise<number | null> {
  for (const rule of [
    { key: `project-request:ip:${ip}`, limit: deps.config.CONTACT_RATE_LIMIT, windowMs: PER_IP_WINDOW_MS },
    { key: `project-request:email:${request.email}`, ...PER_EMAIL },
  ]) {
    const hit = await hitRateLimit(deps.db, rule, now);
    if (!hit.allowed) return hit.retryAfterSeconds;
  }
  return null;
}

/** The one path of a project request, from the JSON API and from the start page's form without JavaScript. */
export async function receiveProjectRequest(deps: ProjectRequestDeps, intake: ProjectRequestIntake): Promise<ProjectRequestOutcome> {
  const now = deps.now?.() ?? new Date();
  const body = objectOrEmpty(intake.body);
  const parsed = validate(projectRequestSchema, body, 'Please check the highlighted fields');
  if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
  const request = parsed.data;
  const site = await deps.content();
  const currency = site.billing.currency;
  const pkg = startPackagesOf(site).find((candidate) => candidate.key === request.packageKey);
  if (!pkg) return { kind: 'invalid', message: 'Choose one of our packages', errors: { packageKey: ['Choose one of our packages'] } };
  const quoted = quoteProjectRequest(pkg, request, site.billing.depositPercent);
  if (quoted.kind === 'unknown-extra') {
    const offered = pkg.extras.map((extra) => packageExtraKey(extra.label)).join(', ') || 'none';
    return { kind: 'invalid', message: 'Choose the extras from the list', errors: { extras: [`This package's extras are: ${offered}`] } };
  }

  // Only well-formed requests count, so fixing a typo without JavaScript is never locked out.
  const retryAfterSeconds = await spentWindow(deps, request, intake.ip, now);
  if (retryAfterSeconds !== null) return { kind: 'rate-limited', retryAfterSeconds };

  const token = body[CONTACT_FORM_TOKEN_FIELD] || intake.formStamp;
  const reason = caughtAsSpam(deps.config.SESSION_SECRET, body[CONTACT_HONEYPOT_FIELD], token, now.getTime());
  if (reason) {
    deps.logger.info({ ip: intake.ip, reason }, 'project request refused as spam; answered as a request would be');
    const url = pkg.instantBooking ? `${deps.publicUrl}/p/${randomBytes(32).toString('hex')}` : null;
    return { kind: 'spam', answer: pkg.instantBooking ? 'instant' : 'requested', url, quote: quoted.quote, currency };
  }

  const made = await deps.records.create(draftOf(request, pkg, quoted.extras, site), {
    note: request.note,
    queueNotice: deps.queueStudioNotice,
  });
  if (made.kind !== 'done') {
    // The request passed its own rules; a draft refused here means the records changed meanwhile.
    deps.logger.warn({ outcome: made.kind }, 'project request not kept as a draft');
    return { kind: 'invalid', message: 'Choose one of our packages', errors: { packageKey: ['Choose one of our packages'] } };
  }
  const proposalId = made.proposal.id;
  if (pkg.instantBooking) {
    const sent = await deps.records.send(proposalId, (trx, id, subject) => deps.queueClientLink(trx, id, subject));
    deps.emailsQueued();
    // Not sent (the package changed meanwhile): the owner has the draft, as for a request.
    if (sent.kind === 'done' && sent.proposal.url)
      return { kind: 'instant', proposalId, url: sent.proposal.url, quote: quoted.quote, currency };
    return { kind: 'requested', proposalId, quote: quoted.quote, currency };
  }
  deps.emailsQueued();
  return { kind: 'requested', proposalId, quote: quoted.quote, currency };
}
