import { Router } from 'express';
import type { Services } from '#server/context.ts';
import { methodNotAllowed } from '#server/http/errors.ts';
import { recordActivity } from '#server/projects/activity.ts';
import { setClientCookie } from '#server/projects/client-cookie.ts';
import { redeemSignInLink } from '#server/projects/client-sessions.ts';

/**
 * `GET /portal/auth?token=…&project=…`: the sign-in link of an e-mail. A good link opens a client
 * session and lands on the project it was about (or the project list); a used or expired one lands
 * on /portal, which says so and offers a new link. The token never reaches another site: the answer
 * is a redirect without a referrer.
 */
export function portalAuthRoute(services: Services): Router {
  const router = Router();
  router
    .route('/portal/auth')
    .get(async (req, res) => {
      res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
      // Mail scanners check a link with HEAD before the person clicks it: only the GET spends it.
      if (req.method === 'HEAD') {
        res.status(204).end();
        return;
      }
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      const redeemed = await redeemSignInLink(services.db, token);
      if (!redeemed) {
        res.redirect(303, '/portal?link=invalid');
        return;
      }
      setClientCookie(req, res, redeemed.token, services.config.SESSION_SECRET, redeemed.maxAgeMs);
      const projectId = typeof req.query.project === 'string' && /^\d{1,9}$/.test(req.query.project) ? Number(req.query.project) : null;
      const access = projectId === null ? null : await services.projects.records.accessTo(redeemed.email, projectId);
      if (projectId !== null && access) {
        await recordActivity(services.db, projectId, await services.projects.records.actorOn(redeemed.email, access), {
          action: 'signed_in',
        });
        res.redirect(303, `/portal/projects/${projectId}`);
        return;
      }
      res.redirect(303, '/portal');
    })
    .all(methodNotAllowed(['GET', 'HEAD']));
  return router;
}
