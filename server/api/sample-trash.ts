import { Router } from 'express';
import type { Services } from '#server/context.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseIdParam } from '#server/http/validation.ts';

const SAMPLE_NOT_FOUND = 'Sample not found';
const parseSampleId = (value: string | string[] | undefined) => parseIdParam(value, SAMPLE_NOT_FOUND);

/**
 * The admin's trash (decision 047), beside the plain DELETE /api/samples/:id that removes a sample
 * at once: POST /api/samples/:id/trash hides it, GET /api/samples/trash lists what is hidden,
 * POST /api/samples/:id/restore brings it back in its place, DELETE /api/samples/:id/trash removes it
 * for good. Admin only.
 */
export function sampleTrashRouter(services: Services): Router {
  const router = Router();
  const { sampleTrash } = services.samples;

  router
    .route('/samples/trash')
    .get(requireAdmin, async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await sampleTrash.list());
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/samples/:id/trash')
    .post(requireAdmin, async (req, res) => {
      const outcome = await sampleTrash.trash(parseSampleId(req.params.id));
      if (outcome.kind === 'not-found') throw new HttpError(404, SAMPLE_NOT_FOUND);
      res.set('Cache-Control', 'no-store').json(outcome.sample);
    })
    .delete(requireAdmin, async (req, res) => {
      const outcome = await sampleTrash.deleteForever(parseSampleId(req.params.id));
      if (outcome.kind === 'not-found') throw new HttpError(404, SAMPLE_NOT_FOUND);
      if (outcome.kind === 'not-in-trash') throw new HttpError(409, 'Only a sample in the trash can be deleted forever');
      res.status(204).end();
    })
    .all(methodNotAllowed(['POST', 'DELETE']));

  router
    .route('/samples/:id/restore')
    .post(requireAdmin, async (req, res) => {
      const outcome = await sampleTrash.restore(parseSampleId(req.params.id));
      if (outcome.kind === 'not-found') throw new HttpError(404, SAMPLE_NOT_FOUND);
      res.set('Cache-Control', 'no-store').json(outcome.sample);
    })
    .all(methodNotAllowed(['POST']));

  return router;
}
