import { Router, type Response } from 'express';
import { isSiteSection, type SiteSection } from '#common/site-content/sections.ts';
import type { Services } from '#server/context.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseIdParam } from '#server/http/validation.ts';
import type { ContentEditor } from '#server/site-content/site-content-service.ts';

export const STALE_SECTION_MESSAGE =
  'Another tab or admin saved this section after you opened it. Nothing was saved: review their version, then make your change again.';

function sectionParam(value: string | string[] | undefined): SiteSection {
  if (typeof value !== 'string' || !isSiteSection(value)) throw new HttpError(404, 'There is no such section of the site');
  return value;
}

const versionParam = (value: string | string[] | undefined) => parseIdParam(value, 'There is no such version of this section');

/** The signed-in admin (requireAdmin ran first), as the content's history records them. */
function editorOf(res: Response): ContentEditor {
  const { id, username } = res.locals.admin as ContentEditor;
  return { id, username };
}

/**
 * /api/admin/site: the owner's site content (docs/decisions/049-site-content-documents.md). Every
 * route needs an admin session; bodies may be up to SITE_CONTENT_JSON_LIMIT (the policies are long).
 */
export function siteContentRouter(services: Services): Router {
  const router = Router();
  const { siteContent } = services;
  router.use('/admin/site', requireAdmin, (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router
    .route('/admin/site')
    .get(async (_req, res) => {
      res.json(await siteContent.read());
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/admin/site/:section')
    .put(async (req, res) => {
      const section = sectionParam(req.params.section);
      const outcome = await siteContent.save(section, req.body, editorOf(res));
      if (outcome.kind === 'invalid') throw new HttpError(400, outcome.message, outcome.errors);
      if (outcome.kind === 'stale') {
        res.status(409).json({ message: STALE_SECTION_MESSAGE, current: outcome.current });
        return;
      }
      res.json(outcome.section);
    })
    .all(
      (req, _res, next) => {
        sectionParam(req.params.section);
        next();
      },
      methodNotAllowed(['PUT']),
    );

  router
    .route('/admin/site/:section/versions')
    .get(async (req, res) => {
      res.json(await siteContent.versions(sectionParam(req.params.section)));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/admin/site/:section/versions/:version/diff')
    .get(async (req, res) => {
      const diff = await siteContent.diff(sectionParam(req.params.section), versionParam(req.params.version));
      if (!diff) throw new HttpError(404, 'There is no such version of this section');
      res.json(diff);
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/admin/site/:section/restore-original')
    .post(async (req, res) => {
      res.json(await siteContent.restoreOriginal(sectionParam(req.params.section), editorOf(res)));
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/admin/site/:section/versions/:version')
    .get(async (req, res) => {
      const section = sectionParam(req.params.section);
      const stored = await siteContent.version(section, versionParam(req.params.version));
      if (!stored) throw new HttpError(404, 'There is no such version of this section');
      res.json(stored);
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/admin/site/:section/versions/:version/restore')
    .post(async (req, res) => {
      const section = sectionParam(req.params.section);
      const outcome = await siteContent.restore(section, versionParam(req.params.version), editorOf(res));
      if (outcome.kind === 'not-found') throw new HttpError(404, 'There is no such version of this section');
      res.json(outcome.section);
    })
    .all(methodNotAllowed(['POST']));

  return router;
}
