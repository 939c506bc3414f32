import { Router, type Response } from 'express';
import type { AdminSiteContent } from '#common/site-content/drafts.ts';
import { fieldErrorsByPath, isSiteSection, type SiteSection } from '#common/site-content/sections.ts';
import { z } from '#common/zod.ts';
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
  const { siteContent } = services.site;
  router.use('/admin/site', requireAdmin, (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router
    .route('/admin/site')
    .get(async (_req, res) => {
      const [sections, drafts] = await Promise.all([siteContent.read(), services.site.siteDrafts.summaries()]);
      res.json({ ...sections, drafts } satisfies AdminSiteContent);
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

  draftRoutes(router, services);
  return router;
}

const NO_DRAFT_MESSAGE = 'This section has no draft';

const publishSchema = z.strictObject({
  version: z.number({ error: 'version must be a number' }).int('version must be a whole number').min(0).max(2_147_483_647),
});

/** Drafts and publishing (docs/decisions/076-drafts-and-preview.md); the admin session and body limit of the routes above apply. */
function draftRoutes(router: Router, { site: { siteDrafts } }: Services) {
  router
    .route('/admin/site/:section/draft')
    .get(async (req, res) => {
      const draft = await siteDrafts.get(sectionParam(req.params.section));
      if (!draft) throw new HttpError(404, NO_DRAFT_MESSAGE);
      res.json(draft);
    })
    .put(async (req, res) => {
      const outcome = await siteDrafts.save(sectionParam(req.params.section), req.body, editorOf(res));
      if (outcome.kind === 'invalid') throw new HttpError(400, outcome.message, outcome.errors);
      res.json(outcome.draft);
    })
    .delete(async (req, res) => {
      if (!(await siteDrafts.discard(sectionParam(req.params.section)))) throw new HttpError(404, NO_DRAFT_MESSAGE);
      res.status(204).end();
    })
    .all(methodNotAllowed(['GET', 'PUT', 'DELETE']));

  router
    .route('/admin/site/:section/publish')
    .post(async (req, res) => {
      const section = sectionParam(req.params.section);
      const body = publishSchema.safeParse(req.body);
      if (!body.success) throw new HttpError(400, 'Please correct the highlighted fields', fieldErrorsByPath(body.error));
      const outcome = await siteDrafts.publish(section, body.data.version, editorOf(res));
      if (outcome.kind === 'not-found') throw new HttpError(404, NO_DRAFT_MESSAGE);
      if (outcome.kind === 'invalid') throw new HttpError(400, outcome.message, outcome.errors);
      if (outcome.kind === 'stale') {
        res.status(409).json({ message: STALE_SECTION_MESSAGE, current: outcome.current });
        return;
      }
      res.json(outcome.section);
    })
    .all(methodNotAllowed(['POST']));
}
