import { Router } from 'express';
import { MEDIA_URL_MESSAGES, reorderSchema, sampleInputSchema, type SampleInput } from '#common/samples.ts';
import type { Services } from '#server/context.ts';
import { HttpError } from '#server/http/errors.ts';
import { PUBLIC_CACHE_CONTROL } from '#server/http/public-cache/cache-policy.ts';
import type { PublicCache } from '#server/http/public-cache/public-cache.ts';
import { sendStored } from '#server/http/public-cache/send-stored.ts';
import { CACHE_STATUS_HEADER } from '#server/http/public-cache/serve-public-hits.ts';
import { prepareResponse } from '#server/http/public-cache/stored-response.ts';
import { isAllowedMediaUrl, mediaOrigins } from '#server/http/media-origins.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody, parseIdParam } from '#server/http/validation.ts';
import { latestSamples, listSamples, listSamplesPage } from '#server/samples/queries.ts';
import { pageNumberFrom, samplesPageApiPath } from '#common/sample-pages.ts';
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

const PUBLIC_SAMPLES_KEY = '/api/samples';
const PAGE_NOT_FOUND = 'No such page of samples';
const PUBLIC_JSON_HEADERS = [
  ['Content-Type', 'application/json; charset=utf-8'],
  ['Cache-Control', PUBLIC_CACHE_CONTROL],
  // Served ahead of the page policy (server/http/public-cache): JSON runs nothing and frames nothing.
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
] as const;

/** /api/samples: public lists in site order, admin writes. */
export function samplesRouter(services: Services, publicCache: PublicCache): Router {
  const router = Router();
  const { catalogue: samples } = services.samples;
  const allowedOrigins = mediaOrigins(services.config);
  const parseSample = (body: unknown) => checkMediaHosts(parseBody(sampleInputSchema, body, 'Invalid sample'), allowedOrigins);

  // The public list is serialised once per change and shared by every caller (server/http/public-cache).
  router.get('/samples', async (req, res) => {
    const { stored, freshness } = await publicCache.getOrProduce(PUBLIC_SAMPLES_KEY, async () => ({
      stored: await prepareResponse(200, PUBLIC_JSON_HEADERS, Buffer.from(JSON.stringify(await listSamples(services.db)))),
      keep: true,
    }));
    res.setHeader(CACHE_STATUS_HEADER, freshness);
    sendStored(req, res, stored);
  });

  // A page of the public list, for the /samples island when its first HTML came without one: shared the same way.
  router.get('/samples/page/:page', async (req, res) => {
    const page = pageNumberFrom(String(req.params.page));
    if (page === null) throw new HttpError(404, PAGE_NOT_FOUND);
    const key = samplesPageApiPath(page);
    const { stored, freshness } = await publicCache.getOrProduce(key, async () => {
      const found = await listSamplesPage(services.db, page);
      // Past the last page: a refusal, never kept (and a page that stops existing is dropped at its refresh).
      if (!found) throw new HttpError(404, PAGE_NOT_FOUND);
      return { stored: await prepareResponse(200, PUBLIC_JSON_HEADERS, Buffer.from(JSON.stringify(found))), keep: true };
    });
    res.setHeader(CACHE_STATUS_HEADER, freshness);
    sendStored(req, res, stored);
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

  // The owner's way to the original master, which is not linked publicly once the streaming copy
  // exists (decision 087): a redirect to it, followed with the owner's session. Trashed samples too.
  router.get('/samples/:id/original', requireAdmin, async (req, res) => {
    const id = parseSampleId(req.params.id);
    const original = await samples.originalAudioUrl(id);
    if (original === null) throw new HttpError(404, SAMPLE_NOT_FOUND);
    res.set('Cache-Control', 'no-store').redirect(302, original);
  });

  router.delete('/samples/:id', requireAdmin, async (req, res) => {
    if (!(await samples.delete(parseSampleId(req.params.id)))) throw new HttpError(404, SAMPLE_NOT_FOUND);
    res.status(204).end();
  });

  return router;
}
