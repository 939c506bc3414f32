import express, { Router, type Request, type Response } from 'express';
import type { Services } from '#server/context.ts';
import { acceptProposal, type AcceptOutcome } from '#server/flows/accept-proposal.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { noStore } from '#server/http/no-store.ts';
import { requireClient } from '#server/http/require-client.ts';
import { setClientCookie } from '#server/projects/client-cookie.ts';
import { createSignInLink, redeemSignInLink } from '#server/projects/client-sessions.ts';
import { hitRateLimit } from '#server/rate-limits/rate-limit.ts';
import { portalProjectGuard, requirePart } from './portal-access.ts';

/** Signatures tried from one address in an hour: a studio's clients, never a script guessing. */
const ACCEPT_LIMIT = { limit: 20, windowMs: 60 * 60 * 1000 };
/** A no-JavaScript form: a name and a few option keys. */
const FORM_LIMIT = '8kb';

const GONE: Record<'expired' | 'withdrawn', string> = {
  expired: 'This proposal has expired. Write to the studio for a new one.',
  withdrawn: 'The studio withdrew this proposal. Write to the studio if you were expecting one.',
};
const ACCEPTED_ALREADY = 'This proposal is accepted already: your project page has what comes next.';
const NOT_FOUND = 'Proposal not found';

/** An outcome other than accepted, as its HTTP error: 404, 410 for expired or withdrawn, 409 accepted already, 400. */
function refusal(outcome: Exclude<AcceptOutcome, { kind: 'accepted' }>): HttpError {
  if (outcome.kind === 'not-found') return new HttpError(404, NOT_FOUND);
  if (outcome.kind === 'gone') return new HttpError(410, GONE[outcome.reason]);
  if (outcome.kind === 'accepted-already') return new HttpError(409, ACCEPTED_ALREADY);
  return new HttpError(400, outcome.message, outcome.errors);
}

/** The page's form: repeated `optionKeys` checkboxes (or one radio), the typed name. */
function formBody(body: unknown): { optionKeys: string[]; signatureName: unknown } {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const keys = [fields.optionKeys, fields.packageOption].flat().filter((key): key is string => typeof key === 'string' && key !== '');
  return { optionKeys: keys, signatureName: fields.signatureName };
}

/**
 * The client's side of a proposal (decision 114): the acceptance as JSON for the page's script
 * (`POST /api/proposals/{token}/accept`), the same as a plain form post for a browser without
 * JavaScript (`POST /p/{token}`, answered with a redirect), and the signed PDF in the portal. An
 * acceptance signs the client in: the proposal's link was theirs, and the portal is where they go next.
 */
export function proposalRoutes(services: Services): { api: Router; pages: Router } {
  const api = Router();
  const pages = Router();
  const projectFor = portalProjectGuard(services);

  async function accept(req: Request, res: Response, body: unknown): Promise<AcceptOutcome> {
    const limit = await hitRateLimit(services.db, { key: `proposals:accept:${clientIp(req)}`, ...ACCEPT_LIMIT });
    if (!limit.allowed) {
      res.set('Retry-After', String(limit.retryAfterSeconds));
      throw new HttpError(429, 'Many signatures were tried from here in a short time; try again later');
    }
    const outcome = await acceptProposal(services, String(req.params.token), body, {
      ipAddress: clientIp(req),
      userAgent: req.get('user-agent') ?? '',
    });
    if (outcome.kind === 'accepted') {
      // The visit that signed: the funnel's "accepted" step, credited to where this client came from.
      services.insights.recordGoal('proposal_accepted', { headers: req.headers, address: clientIp(req) });
      const link = await createSignInLink(services.db, outcome.clientEmail);
      const session = await redeemSignInLink(services.db, link);
      if (session) setClientCookie(req, res, session.token, services.config.SESSION_SECRET, session.maxAgeMs);
    }
    return outcome;
  }

  api
    .route('/proposals/:token/accept')
    .post(async (req, res) => {
      const outcome = await accept(req, res, req.body);
      if (outcome.kind !== 'accepted') throw refusal(outcome);
      noStore(res)
        .status(201)
        .json({ projectId: outcome.projectId, ...(outcome.checkoutUrl ? { checkoutUrl: outcome.checkoutUrl } : {}) });
    })
    .all(methodNotAllowed(['POST']));

  api
    .route('/portal/projects/:id/agreement.pdf')
    .all(requireClient)
    .get(async (req, res) => {
      const { projectId } = requirePart(await projectFor(req, res, 'listen'), 'invoices');
      const pdf = await services.proposals.signedPdfOfProject(projectId);
      if (!pdf) throw new HttpError(404, 'This project has no signed agreement');
      noStore(res)
        .set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="signed-agreement-${projectId}.pdf"` })
        .send(pdf);
    })
    .all(methodNotAllowed(['GET']));

  pages.post('/p/:token', express.urlencoded({ extended: false, limit: FORM_LIMIT }), async (req, res) => {
    const token = encodeURIComponent(String(req.params.token));
    const outcome = await accept(req, res, formBody(req.body));
    noStore(res);
    if (outcome.kind === 'accepted') {
      res.redirect(303, outcome.checkoutUrl ?? `/portal/projects/${outcome.projectId}?accepted=1`);
      return;
    }
    if (outcome.kind === 'not-found') throw refusal(outcome);
    // The page says why: expired, withdrawn and accepted by itself; a form problem by its field.
    const problem = outcome.kind === 'invalid' ? (outcome.errors.signatureName ? 'name' : 'options') : outcome.kind;
    res.redirect(303, `/p/${token}?problem=${problem}`);
  });

  return { api, pages };
}
