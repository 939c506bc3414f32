import { Router } from 'express';
import { isbot } from 'isbot';
import type { Services } from '#server/context.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { methodNotAllowed } from '#server/http/errors.ts';
import { markChangesNothingShown } from '#server/http/public-cache/clear-on-write.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseIdParam } from '#server/http/validation.ts';

/** The page a play came from (the Referer's path, never its query), for the statistics. */
function pathOfReferer(referer: string | undefined): string {
  return referer && URL.canParse(referer) ? new URL(referer).pathname : '/';
}

/**
 * Play counts (decision 047). The public players send one beacon per play session once playback
 * passed PLAY_COUNT_THRESHOLD_SECONDS; it always answers 204 and sets no cookie. Bots (by user
 * agent, or none at all) and the signed-in admin are not counted; the service rate-limits per client.
 */
export function samplePlaysRouter(services: Services): Router {
  const router = Router();
  const { logger } = services;
  const { samplePlays } = services.samples;

  router
    .route('/samples/plays')
    .get(requireAdmin, async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await samplePlays.counts());
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/samples/:id/plays')
    .post(async (req, res) => {
      const sampleId = parseIdParam(req.params.id, 'Sample not found');
      // A count is shown in the admin only: public pages stay cached.
      markChangesNothingShown(res);
      res.set('Cache-Control', 'no-store');
      const userAgent = req.get('user-agent');
      const ignored = !userAgent || isbot(userAgent) || res.locals.admin || res.locals.sessionLookupFailed;
      if (!ignored) {
        // A lost play is not worth an error to a visitor who only listened.
        services.insights.events.observe({
          kind: 'play',
          path: pathOfReferer(req.get('referer')),
          target: String(sampleId),
          headers: req.headers,
          address: clientIp(req),
          query: new URLSearchParams(),
          at: new Date(),
        });
        await samplePlays
          .record(sampleId, clientIp(req))
          .catch((error: unknown) => logger.warn({ err: error, sampleId }, 'could not count a play'));
      }
      res.status(204).end();
    })
    .all(methodNotAllowed(['POST']));

  return router;
}
