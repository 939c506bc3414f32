import { Router } from 'express';
import { reorderSchema, sampleInputSchema } from '#common/samples.ts';
import type { Services } from '#server/context.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { samplesModule } from '#server/samples/module.ts';
import { parseId, parseInput } from '#server/samples/parse-input.ts';
import { latestSamples, listSamples } from '#server/samples/queries.ts';

/** /api/samples: public lists, admin writes (SPEC section 7). */
export function samplesRouter(services: Services): Router {
  const router = Router();
  const { samples } = samplesModule(services);

  router.get('/samples', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await listSamples(services.db));
  });

  router.get('/samples/latest/6', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await latestSamples(services.db));
  });

  router.post('/samples', requireAdmin, async (req, res) => {
    const input = parseInput(sampleInputSchema, req.body, 'Invalid sample');
    res.status(201).json(await samples.create(input));
  });

  // Before /samples/:id, or "reorder" would be taken for an id.
  router.put('/samples/reorder', requireAdmin, async (req, res) => {
    const { sampleOrders } = parseInput(reorderSchema, req.body, 'Invalid order');
    await samples.reorder(sampleOrders);
    res.json({ message: 'Samples reordered' });
  });

  router.put('/samples/:id', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id);
    const input = parseInput(sampleInputSchema, req.body, 'Invalid sample');
    res.json(await samples.update(id, input));
  });

  router.delete('/samples/:id', requireAdmin, async (req, res) => {
    await samples.delete(parseId(req.params.id));
    res.status(204).end();
  });

  return router;
}
