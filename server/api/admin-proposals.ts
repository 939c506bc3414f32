import { Router, type Request, type Response } from 'express';
import type { Services } from '#server/context.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { noStore } from '#server/http/no-store.ts';
import { refusalError } from '#server/http/refusals.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseIdParam } from '#server/http/validation.ts';
import type { ProposalOutcome } from '#server/proposals/proposals-service.ts';
import type { TemplateOutcome } from '#server/proposals/proposal-templates.ts';
import { queueProposalEmail } from '#server/proposals/proposal-emails.ts';

const NOT_FOUND = 'Proposal not found';
const TEMPLATE_NOT_FOUND = 'Template not found';
const proposalId = (req: Request) => parseIdParam(req.params.id, NOT_FOUND);

function answer(res: Response, outcome: ProposalOutcome, status = 200): void {
  if (outcome.kind !== 'done') throw refusalError(outcome, NOT_FOUND);
  noStore(res).status(status).json(outcome.proposal);
}

function answerTemplate(res: Response, outcome: TemplateOutcome, status = 200): void {
  if (outcome.kind !== 'done') throw refusalError(outcome, TEMPLATE_NOT_FOUND);
  noStore(res).status(status).json(outcome.template);
}

/**
 * The owner's proposals (decision 114): made, changed while drafts, sent (the client's link, also
 * e-mailed), resent, withdrawn, duplicated, read as a PDF; and the templates they start from.
 */
export function adminProposalsRouter(services: Services): Router {
  const router = Router();
  const { records, templates, proposalEmails } = services.proposals;
  router.use(['/admin/proposals', '/admin/proposal-templates'], requireAdmin);

  router
    .route('/admin/proposals')
    .get(async (_req, res) => {
      noStore(res).json(await records.list());
    })
    .post(async (req, res) => {
      const outcome = await records.create(req.body);
      if (outcome.kind === 'done') res.location(`/api/admin/proposals/${outcome.proposal.id}`);
      answer(res, outcome, 201);
    })
    .all(methodNotAllowed(['GET', 'POST']));

  // Before /:id: where the proposals stand, for the area's figures.
  router
    .route('/admin/proposals/summary')
    .get(async (_req, res) => {
      noStore(res).json(await records.counts());
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/admin/proposals/:id')
    .get(async (req, res) => {
      const proposal = await records.get(proposalId(req));
      if (!proposal) throw new HttpError(404, NOT_FOUND);
      noStore(res).json(proposal);
    })
    .patch(async (req, res) => {
      answer(res, await records.update(proposalId(req), req.body));
    })
    .all(methodNotAllowed(['GET', 'PATCH']));

  // Sent again, a proposal keeps its link: the client's e-mail comes again with the same address.
  router
    .route('/admin/proposals/:id/send')
    .post(async (req, res) => {
      const at = new Date();
      const outcome = await records.send(proposalId(req), (trx, id, subject) => queueProposalEmail(trx, id, 'sent', subject, at));
      if (outcome.kind !== 'done') throw refusalError(outcome, NOT_FOUND);
      proposalEmails.sendSoon();
      // Sent by the studio, not by a visit: counted in the funnel without a source, as payments are.
      if (outcome.firstSend) services.insights.recordGoal('proposal_sent', null);
      noStore(res).json(outcome.proposal);
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/admin/proposals/:id/withdraw')
    .post(async (req, res) => {
      answer(res, await records.withdraw(proposalId(req)));
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/admin/proposals/:id/duplicate')
    .post(async (req, res) => {
      const outcome = await records.duplicate(proposalId(req));
      if (outcome.kind === 'done') res.location(`/api/admin/proposals/${outcome.proposal.id}`);
      answer(res, outcome, 201);
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/admin/proposals/:id/pdf')
    .get(async (req, res) => {
      const pdf = await services.proposals.pdf(proposalId(req));
      if (!pdf) throw new HttpError(404, NOT_FOUND);
      noStore(res)
        .type('application/pdf')
        .set('Content-Disposition', `inline; filename="proposal-${proposalId(req)}.pdf"`)
        .send(pdf);
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/admin/proposal-templates')
    .get(async (_req, res) => {
      noStore(res).json(await templates.list());
    })
    .post(async (req, res) => {
      answerTemplate(res, await templates.save(null, req.body), 201);
    })
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route('/admin/proposal-templates/:id')
    .put(async (req, res) => {
      answerTemplate(res, await templates.save(parseIdParam(req.params.id, TEMPLATE_NOT_FOUND), req.body));
    })
    .delete(async (req, res) => {
      if (!(await templates.remove(parseIdParam(req.params.id, TEMPLATE_NOT_FOUND)))) throw new HttpError(404, TEMPLATE_NOT_FOUND);
      noStore(res).status(204).end();
    })
    .all(methodNotAllowed(['PUT', 'DELETE']));

  return router;
}
