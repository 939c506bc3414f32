import { Router } from 'express';
import { MEDIA_URL_MESSAGES, reorderSchema, sampleInputSchema, type SampleInput } from '#common/samples.ts';
import type { Services } from '#server/context.ts';
import { HttpError } from '#server/http/errors.ts';
import { isAllowedMediaUrl, mediaOrigins } from '#server/http/media-origins.ts';
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

/**
 * The shared schema admits any https URL; only the server knows which hosts the site's CSP lets
 * visitors' browsers load (decision 044). A URL on another host would save and then never play.
 */
function checkMediaHosts(input: SampleInput, allowedOrigins: readonly string[]): SampleInput {
  const errors: Record<string, string[]> = {};
  for (const field of ['audioUrl', 'coverImageUrl'] as const) {
    const value = input[field];
    if (value !== undefined && !isAllowedMediaUrl(value, allowedOrigins)) errors[field] = [MEDIA_URL_MESSAGES.hostNotAllowed];
  }
  if (Object.keys(errors).length > 0) throw new HttpError(400, 'Invalid sample', errors);
  return input;
}

/** /api/samples: public lists in site order, admin writes. */
export function samplesRouter(services: Services): Router {
  const router = Router();
  const { samples } = services;
  const allowedOrigins = mediaOrigins(services.config);
  const parseSample = (body: unknown) => checkMediaHosts(parseBody(sampleInputSchema, body, 'Invalid sample'), allowedOrigins);

  router.get('/samples', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await listSamples(services.db));
  });

  router.get('/samples/latest/6', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await latestSamples(services.db));
  });

  router.post('/samples', requireAdmin, async (req, res) => {
    const input = parseSample(req.body);
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
    const input = parseSample(req.body);
    res.json(savedSample(await samples.update(id, input)));
  });

  router.delete('/samples/:id', requireAdmin, async (req, res) => {
    if (!(await samples.delete(parseSampleId(req.params.id)))) throw new HttpError(404, SAMPLE_NOT_FOUND);
    res.status(204).end();
  });

  return router;
}
