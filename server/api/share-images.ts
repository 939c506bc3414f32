import { Router } from 'express';
import type { Services } from '#server/context.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';

/**
 * `GET/HEAD /og/{page}.png`: the page's share image, made from the studio's name and the page's
 * title. A strong ETag (a hash of the bytes) lets browsers, link unfurlers and a CDN revalidate; a
 * change to the content makes a new image (and a new tag in the pages' `og:image`).
 */
export function shareImageRoutes(services: Services): Router {
  const router = Router();
  router
    .route('/og/:file')
    .get(async (req, res) => {
      const slug = /^([a-z0-9-]{1,80})\.png$/.exec(req.params.file)?.[1];
      const image = slug ? await services.site.shareImages.image(slug) : null;
      if (!image) throw new HttpError(404, 'Not found');
      res.set({
        'Content-Type': 'image/png',
        ETag: image.etag,
        'Cache-Control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=60',
        'X-Content-Type-Options': 'nosniff',
        'Cross-Origin-Resource-Policy': 'cross-origin',
      });
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.set('Content-Length', String(image.png.length));
      if (req.method === 'HEAD') res.end();
      else res.end(image.png);
    })
    .all(methodNotAllowed(['GET', 'HEAD']));
  return router;
}
