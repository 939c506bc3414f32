import { pipeline } from 'node:stream/promises';
import { Router, type Request } from 'express';
import type { Services } from '#server/context.ts';
import { HttpError } from '#server/http/errors.ts';
import { samplesModule } from '#server/samples/module.ts';
import { parseByteRange } from './byte-range.ts';
import { storageKey } from './object-store.ts';

// Keys are never reused for other content, so a year of caching is safe.
const AUDIO_CACHE_CONTROL = 'public, max-age=31536000, immutable, no-transform';

function declaredLength(req: Request): number | null {
  const header = req.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : null;
}

/**
 * /objects/uploads/{key}: GET/HEAD serve registered audio with ranges and validators (seeking in
 * every browser needs 206); PUT is the local store's upload target, authorised by a signed grant.
 * Mounted before the body limits and the page handler: an upload is up to 50 MB.
 */
export function objectRoutes(services: Services): Router {
  const router = Router();
  const { uploads } = samplesModule(services);

  router.get('/objects/uploads/:key', async (req, res) => {
    const key = req.params.key;
    const contentType = await uploads.publicContentType(key);
    const info = contentType ? await uploads.store.stat(storageKey(key)) : null;
    if (!contentType || !info) throw new HttpError(404, 'Not found');

    res.set({
      'Content-Type': contentType,
      'Accept-Ranges': 'bytes',
      ETag: info.etag,
      'Last-Modified': info.lastModified.toUTCString(),
      'Cache-Control': AUDIO_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'same-site',
    });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const ifRange = req.headers['if-range'];
    const rangeAllowed = !ifRange || ifRange === info.etag;
    const range = rangeAllowed ? parseByteRange(req.headers.range, info.size) : null;
    if (range === 'unsatisfiable') {
      res.status(416).set('Content-Range', `bytes */${info.size}`).end();
      return;
    }
    if (range) {
      res
        .status(206)
        .set({ 'Content-Range': `bytes ${range.start}-${range.end}/${info.size}`, 'Content-Length': String(range.end - range.start + 1) });
    } else {
      res.status(200).set('Content-Length', String(info.size));
    }
    if (req.method === 'HEAD' || info.size === 0) {
      res.end();
      return;
    }
    const body = await uploads.store.read(storageKey(key), range ?? undefined);
    // A listener that seeks away aborts the response; that is not an error worth a log line.
    await pipeline(body, res).catch(() => body.destroy());
  });

  router.put('/objects/uploads/:key', async (req, res) => {
    const length = declaredLength(req);
    try {
      await uploads.receiveLocalUpload(req.params.key, req.query as Record<string, unknown>, req, length);
    } catch (error) {
      // The rest of a refused body is not read: close the connection once the answer is out.
      if (!req.complete) res.set('Connection', 'close');
      throw error;
    }
    res.set('Cache-Control', 'no-store').status(200).json({ message: 'Uploaded' });
  });

  return router;
}
