import { Router } from 'express';
import { REQUESTED_MESSAGE, type ProjectRequestAnswer } from '#common/project-requests.ts';
import type { Services } from '#server/context.ts';
import { formStampFrom } from '#server/cookies/form-stamp.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { noStore } from '#server/http/no-store.ts';
import { answerError, retryAfter, type RefusalAnswer } from '#server/http/refusals.ts';
import type { ProjectRequestOutcome } from '#server/proposals/project-requests.ts';

type Refused = Extract<ProjectRequestOutcome, { kind: 'invalid' | 'rate-limited' }>;
type Answered = Exclude<ProjectRequestOutcome, Refused>;

/** How a refused request is answered, by the API and the start page's form alike: 400 with the fields, 429 with a wait. */
export function projectRequestRefusal(outcome: Refused): RefusalAnswer {
  if (outcome.kind === 'invalid') return { status: 400, message: outcome.message, errors: outcome.errors };
  const minutes = Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60));
  return {
    status: 429,
    message: `Too many requests from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    headers: retryAfter(outcome.retryAfterSeconds),
  };
}

/** What a kept (or caught) request is answered with: the same shape either way, so a script learns nothing. */
export function projectRequestAnswer(outcome: Answered): ProjectRequestAnswer {
  const money = { totalCents: outcome.quote.totalCents, currency: outcome.currency };
  const instant = outcome.kind === 'instant' || (outcome.kind === 'spam' && outcome.answer === 'instant');
  if (instant && outcome.url) return { kind: 'instant', ...money, url: outcome.url };
  return { kind: 'requested', ...money, message: REQUESTED_MESSAGE };
}

/** `POST /api/project-requests`: a project started from the site (decision 115). */
export function projectRequestsRouter(services: Services): Router {
  const router = Router();
  router
    .route('/project-requests')
    .post(async (req, res) => {
      if (req.headers['content-type'] && !req.is('application/json'))
        throw new HttpError(415, 'Send the request as JSON (Content-Type: application/json)');
      const outcome = await services.proposals.requestProject({
        body: req.body,
        ip: clientIp(req),
        formStamp: formStampFrom(req.headers.cookie),
      });
      if (outcome.kind === 'invalid' || outcome.kind === 'rate-limited') throw answerError(projectRequestRefusal(outcome));
      noStore(res).status(201).json(projectRequestAnswer(outcome));
    })
    .all(methodNotAllowed(['POST']));
  return router;
}
