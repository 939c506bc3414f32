import { Router } from 'express';
import { FAVICON_FILES } from '#common/site-content/favicon.ts';
import type { Services } from '#server/context.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { RENDITION_CACHE_CONTROL, sendStoredImage } from './site-images.ts';

/**
 * The names browsers, crawlers and phones ask for without reading the page (`/favicon.ico`,
 * `/apple-touch-icon.png`...) must change with the owner's favicon, yet a change must reach them:
 * a CDN keeps them a minute, browsers revalidate (a 304 costs a few bytes).
 */
const ALIAS_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60';

/**
 * The owner's favicon set (docs/decisions/075-logo-and-favicon.md):
 * - `GET/HEAD /media/icons/{id}/{file}`: forever-cached, as the pages and the manifest link them;
 * - `GET/HEAD /{file}` (favicon.ico, apple-touch-icon.png, icon-192.png...): the same bytes while a
 *   favicon is set. Mounted before the built client's static files, so the owner's icon wins over
 *   public/favicon.ico; without one these fall through to the built-in files.
 */
export function faviconRoutes(services: Services): Router {
  const router = Router();
  router
    .route('/media/icons/:id/:file')
    .get(async (req, res) => {
      const found = await services.site.siteImages.findIcon(req.params.id, req.params.file);
      if (!found) throw new HttpError(404, 'Not found');
      await sendStoredImage(services, req, res, found, { cacheControl: RENDITION_CACHE_CONTROL });
    })
    .all(methodNotAllowed(['GET', 'HEAD']));

  router.get(
    FAVICON_FILES.map((file) => `/${file}`),
    async (req, res, next) => {
      const favicon = (await services.site.siteContent.current()).brand.favicon;
      const file = req.path.slice(1);
      const found = favicon ? await services.site.siteImages.findIcon(favicon.id, file) : null;
      if (!found) return next();
      // The image's id is in the tag: a new favicon never matches the tag of the one a browser holds.
      const etag = `"${favicon!.id}-${found.info.etag.replace(/^(W\/)?"|"$/g, '')}"`;
      await sendStoredImage(services, req, res, found, { cacheControl: ALIAS_CACHE_CONTROL, etag });
    },
  );
  return router;
}
