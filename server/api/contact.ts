import { Router } from 'express';
import { CONTACT_FORM_STAMP_PATH } from '#common/contact-fields.ts';
import type { Services } from '#server/context.ts';
import { contactFolderQuerySchema } from '#common/contact-spam.ts';
import { listSpam } from '#server/contact/spam.ts';
import { listContactSubmissions } from '#server/contact/submissions.ts';
import { receiveContactSubmission } from '#server/contact/receive-submission.ts';
import { formStampCookie, formStampFrom } from '#server/cookies/form-stamp.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { answerError } from '#server/http/refusals.ts';
import { contactRefusal } from './contact-refusals.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody } from '#server/http/validation.ts';

/** POST /api/contact (public) and GET /api/contact-submissions (admin). */
export function contactRouter(services: Services): Router {
  const router = Router();

  router
    .route('/contact')
    .post(async (req, res) => {
      // A body of another type is refused; no body at all is judged as an empty form below.
      if (req.headers['content-type'] && !req.is('application/json'))
        throw new HttpError(415, 'Send the form as JSON (Content-Type: application/json)');
      const outcome = await receiveContactSubmission(services, {
        body: req.body,
        ip: clientIp(req),
        formStamp: formStampFrom(req.headers.cookie),
      });
      switch (outcome.kind) {
        case 'invalid':
        case 'rate-limited':
          throw answerError(contactRefusal(outcome));
        case 'stored':
          // A goal of the visit (decision 113); spam is answered alike but reaches none.
          services.insights.recordGoal('contact_sent', { headers: req.headers, address: clientIp(req) });
          res.status(201).set('Cache-Control', 'no-store').json(outcome.receipt);
          break;
        case 'spam':
          res.status(201).set('Cache-Control', 'no-store').json(outcome.receipt);
      }
    })
    .all(methodNotAllowed(['POST']));

  // The contact form's stamp (server/cookies/form-stamp.ts). Answered as an empty stylesheet, since
  // browsers without JavaScript ask for it through a <noscript> stylesheet link.
  router
    .route(CONTACT_FORM_STAMP_PATH.slice('/api'.length))
    .get((req, res) => {
      res
        .set({ 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-store' })
        .append('Set-Cookie', formStampCookie(services.config.SESSION_SECRET, req.secure))
        .send('/* the contact form is open */\n');
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/contact-submissions')
    .get(requireAdmin, async (req, res) => {
      // The inbox by default, as the spec's callers read it; ?folder=spam is the kept spam (decision 089).
      const { folder } = parseBody(contactFolderQuerySchema, req.query, 'Invalid folder');
      const list = folder === 'spam' ? await listSpam(services.db) : await listContactSubmissions(services.db);
      res.set('Cache-Control', 'no-store').json(list);
    })
    .all(methodNotAllowed(['GET']));

  return router;
}
