import { Router } from 'express';
import { z } from 'zod';
import type { Services } from '#server/context.ts';
import { methodNotAllowed } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { samplesModule } from '#server/samples/module.ts';
import { parseId, parseInput } from '#server/samples/parse-input.ts';
import { UndoableSampleDelete } from '#server/samples/undoable-delete.ts';

const restoreSchema = z.object({ restoreToken: z.string({ error: 'restoreToken is required' }).min(1, 'restoreToken is required') });

/**
 * The dashboard's delete with Undo (beyond the spec's plain DELETE /api/samples/:id, which releases
 * the audio at once): POST /api/samples/:id/trash answers a restore token, and
 * POST /api/samples/restore with that token puts the sample back with its id and order.
 */
export function sampleUndoRouter(services: Services): Router {
  const router = Router();
  const { uploads, analysis } = samplesModule(services);
  const undoable = new UndoableSampleDelete(services.db, uploads, analysis, services.config.SESSION_SECRET, services.logger);

  router
    .route('/samples/:id/trash')
    .post(requireAdmin, async (req, res) => {
      res.set('Cache-Control', 'no-store').json(await undoable.delete(parseId(req.params.id)));
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/samples/restore')
    .post(requireAdmin, async (req, res) => {
      const { restoreToken } = parseInput(restoreSchema, req.body, 'Invalid restore request');
      res.status(201).json(await undoable.restore(restoreToken));
    })
    .all(methodNotAllowed(['POST']));

  return router;
}
