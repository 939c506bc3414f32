import express, { Router } from 'express';
import { NEWSLETTER_ACCEPTED } from '#common/newsletter.ts';
import type { Services } from '#server/context.ts';
import { contactRateLimitMessage } from '#server/contact/messages.ts';
import { csvRow, UTF8_BOM } from '#server/contact/csv.ts';
import { newsletterLinks } from '#server/contact/newsletter-mail.ts';
import { confirmedSubscribers, newsletterSummary, signUpForNewsletter, unsubscribeNewsletter } from '#server/contact/newsletter.ts';
import { formStampFrom } from '#server/cookies/form-stamp.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { noStore } from '#server/http/no-store.ts';
import { answerError, retryAfter } from '#server/http/refusals.ts';
import { requireAdmin } from '#server/http/require-admin.ts';

/** The sign-up closed (the owner's switch off) answers so, for any address: it says nothing about one. */
export const NEWSLETTER_CLOSED = 'The newsletter sign-up is not open';

/** `POST /api/newsletter` (public), `GET /api/admin/newsletter` and `GET /api/admin/newsletter.csv` (owner, front desk). */
export function newsletterRouter(services: Services): Router {
  const router = Router();
  router
    .route('/newsletter')
    .post(async (req, res) => {
      if (req.headers['content-type'] && !req.is('application/json'))
        throw new HttpError(415, 'Send the sign-up as JSON (Content-Type: application/json)');
      if (!(await services.site.siteContent.current()).newsletter.enabled) throw new HttpError(404, NEWSLETTER_CLOSED);
      const outcome = await signUpForNewsletter(services, {
        body: req.body,
        ip: clientIp(req),
        formStamp: formStampFrom(req.headers.cookie),
        publicUrl: services.config.PUBLIC_URL,
      });
      if (outcome.kind === 'invalid')
        throw answerError({ status: 400, message: 'Please enter a valid email address', errors: outcome.errors });
      if (outcome.kind === 'rate-limited') {
        const wait = outcome.retryAfterSeconds;
        throw answerError({ status: 429, message: contactRateLimitMessage(wait), headers: retryAfter(wait) });
      }
      noStore(res).status(202).json({ message: NEWSLETTER_ACCEPTED });
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/admin/newsletter')
    .get(requireAdmin, async (_req, res) => {
      noStore(res).json(await newsletterSummary(services.db));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/admin/newsletter.csv')
    .get(requireAdmin, async (_req, res) => {
      const rows = await confirmedSubscribers(services.db);
      const lines = rows.map((row) =>
        csvRow([row.email, row.confirmedAt, newsletterLinks(services.config.PUBLIC_URL, null, row.unsubscribeToken).unsubscribe]),
      );
      noStore(res)
        .status(200)
        .set({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="newsletter-${new Date().toISOString().slice(0, 10)}.csv"`,
        })
        .send(UTF8_BOM + csvRow(['Email', 'Confirmed at', 'Unsubscribe link']) + lines.join(''));
    })
    .all(methodNotAllowed(['GET']));
  return router;
}

/**
 * `POST /newsletter/unsubscribe/{token}`: RFC 8058's one-click post from a mail app (no cookie, no
 * Origin: the token is the whole key). Whatever its body says, the address leaves the list: that is
 * all the link can do. The GET of the same address is the page (app/routes/newsletter.unsubscribe.$token.tsx).
 */
export function newsletterLinkRoutes(services: Services): Router {
  const router = Router();
  router.post('/newsletter/unsubscribe/:token', express.text({ type: () => true, limit: '4kb' }), async (req, res) => {
    res.set('Referrer-Policy', 'no-referrer');
    const outcome = await unsubscribeNewsletter(services.db, String(req.params.token));
    if (outcome.kind === 'not-found') throw new HttpError(404, 'This link is not valid');
    noStore(res).json({ unsubscribed: true });
  });
  return router;
}
