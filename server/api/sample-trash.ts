import { Router } from 'express';
import { restoreSampleSchema } from '#common/samples.ts';
import type { Services } from '#server/context.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody, parseIdParam } from '#server/http/validation.ts';
import type { RestoreOutcome } from '#server/samples/sample-trash.ts';

function restoredSample(outcome: RestoreOutcome) {
  switch (outcome.kind) {
    case 'restored':
      return outcome.sample;
    case 'invalid-token':
      throw new HttpError(400, 'Invalid restore token', { restoreToken: ['This deletion can no longer be undone'] });
    case 'expired':
      throw new HttpError(410, 'The time to undo this deletion has passed', { restoreToken: ['Expired'] });
    case 'audio-gone':
      throw new HttpError(410, 'The audio file of this sample is gone', { restoreToken: ['Audio file no longer stored'] });
    case 'already-restored':
      throw new HttpError(409, 'This sample has already been restored');
  }
}

/**
 * The dashboard's delete with Undo, beside the plain DELETE /api/samples/:id (which releases the
 * audio at once): POST /api/samples/:id/trash answers a restore token, and POST /api/samples/restore
 * with that token puts the sample back with its id and order.
 */
export function sampleTrashRouter(services: Services): Router {
  const router = Router();
  const { sampleTrash } = services;

  router
    .route('/samples/:id/trash')
    .post(requireAdmin, async (req, res) => {
      const outcome = await sampleTrash.delete(parseIdParam(req.params.id, 'Sample not found'));
      if (outcome.kind === 'not-found') throw new HttpError(404, 'Sample not found');
      res.set('Cache-Control', 'no-store').json({ restoreToken: outcome.restoreToken, expiresAt: outcome.expiresAt });
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/samples/restore')
    .post(requireAdmin, async (req, res) => {
      const { restoreToken } = parseBody(restoreSampleSchema, req.body, 'Invalid restore request');
      res.status(201).json(restoredSample(await sampleTrash.restore(restoreToken)));
    })
    .all(methodNotAllowed(['POST']));

  return router;
}
