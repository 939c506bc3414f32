import { Router } from 'express';
import { reorderSchema, sampleInputSchema } from '#common/samples.ts';
import type { Services } from '#server/context.ts';
import { HttpError } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody, parseIdParam } from '#server/http/validation.ts';
import { latestSamples, listSamples } from '#server/samples/queries.ts';
import type { SampleWriteOutcome } from '#server/samples/service.ts';

const SAMPLE_NOT_FOUND = 'Sample not found';
const parseSampleId = (value: string | string[] | undefined) => parseIdParam(value, SAMPLE_NOT_FOUND);

function savedSample(outcome: SampleWriteOutcome) {
  if (outcome.kind === 'not-found') throw new HttpError(404, SAMPLE_NOT_FOUND);
  if (outcome.kind === 'invalid') throw new HttpError(400, 'Invalid sample', outcome.errors);
  return outcome.sample;
}

/** /api/samples: public lists in site order, admin writes. */
export function samplesRouter(services: Services): Router {
  const router = Router();
  const { samples } = services;

  router.get('/samples', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await listSamples(services.db));
  });

  router.get('/samples/latest/6', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await latestSamples(services.db));
  });

  router.post('/samples', requireAdmin, async (req, res) => {
    const input = parseBody(sampleInputSchema, req.body, 'Invalid sample');
    res.status(201).json(savedSample(await samples.create(input)));
  });

  // Before /samples/:id, or "reorder" would be taken for an id.
  router.put('/samples/reorder', requireAdmin, async (req, res) => {
    const { sampleOrders } = parseBody(reorderSchema, req.body, 'Invalid order');
    const outcome = await samples.reorder(sampleOrders);
    if (outcome.kind === 'unknown-sample') {
      throw new HttpError(404, `Sample ${outcome.id} not found`, { sampleOrders: [`Unknown sample id ${outcome.id}`] });
    }
    res.json({ message: 'Samples reordered' });
  });

  router.put('/samples/:id', requireAdmin, async (req, res) => {
    const id = parseSampleId(req.params.id);
    const input = parseBody(sampleInputSchema, req.body, 'Invalid sample');
    res.json(savedSample(await samples.update(id, input)));
  });

  router.delete('/samples/:id', requireAdmin, async (req, res) => {
    if (!(await samples.delete(parseSampleId(req.params.id)))) throw new HttpError(404, SAMPLE_NOT_FOUND);
    res.status(204).end();
  });

  return router;
}
