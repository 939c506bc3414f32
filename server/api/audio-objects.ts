import { pipeline } from 'node:stream/promises';
import { Router, type Request } from 'express';
import type { Services } from '#server/context.ts';
import { SINGLE_PUT_TOO_LARGE_MESSAGE } from '#common/samples.ts';
import { parseByteRange } from '#server/http/byte-range.ts';
import { HttpError } from '#server/http/errors.ts';
import type { DirectUploadOutcome } from '#server/samples/audio-upload-outcomes.ts';

// Keys are never reused for other content, so a year of caching is safe. Shared caches (a CDN, a
// proxy) keep only streaming copies: an original is the artist's master, owner's only once its copy
// exists (decision 087), and a shared cache must not go on serving it to everyone.
const STREAM_CACHE_CONTROL = 'public, max-age=31536000, immutable, no-transform';
const ORIGINAL_CACHE_CONTROL = 'private, max-age=31536000, immutable, no-transform';
const OWNERS_ONLY_CACHE_CONTROL = 'private, no-store, no-transform';
// A visitor's redirect from an original to its copy is kept by nobody: the copy can be made again
// under a new key (lost, re-analysed), its sample trashed, and the owner gets the original at the
// same URL. The hop costs a few hundred bytes; the copy it leads to is cached a year.
const TO_COPY_CACHE_CONTROL = 'no-store';

function declaredLength(req: Request): number | null {
  const header = req.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : null;
}

/**
 * /objects/uploads/{key}: GET/HEAD serve registered audio and samples' streaming copies with ranges
 * and validators (seeking in every browser needs 206). An original whose samples all have their
 * copy is the signed-in owner's only: a visitor is sent to a live sample's copy (302), so a page
 * loaded before the copy existed, or a link to the original shared earlier, keeps playing; with no
 * such copy (the sample in the trash) a visitor is answered 404, as for a key that never existed.
 * /objects/staging/{key}: PUT is the local store's upload target, authorised by a signed grant; it
 * never writes a served file (registration moves it).
 * Mounted before the body limits and the page handler: one PUT is up to 50 MB (larger files go in parts).
 */
export function audioObjectRoutes(services: Services): Router {
  const router = Router();
  const { audioUploads, streamingCopies } = services.samples;

  /** What `key` serves and how it may be cached, the copy to send a visitor to, or null for 404. */
  async function findAudio(key: string, signedIn: boolean) {
    const copy = await streamingCopies.findServed(key);
    if (copy) return { ...copy, cacheControl: STREAM_CACHE_CONTROL };
    const ownersOnly = await streamingCopies.isOwnersOnly(key);
    if (ownersOnly && !signedIn) {
      const copyPath = await streamingCopies.copyForVisitors(key);
      return copyPath && { redirectTo: copyPath };
    }
    const original = await audioUploads.findPublic(key);
    return original && { ...original, cacheControl: ownersOnly ? OWNERS_ONLY_CACHE_CONTROL : ORIGINAL_CACHE_CONTROL };
  }

  router.get('/objects/uploads/:key', async (req, res) => {
    const key = req.params.key;
    const found = await findAudio(key, Boolean(res.locals.admin));
    if (!found) throw new HttpError(404, 'Not found');
    if ('redirectTo' in found) {
      // The copy's own path, without the query: this route reads none, and the copy is then the one
      // URL every page gives (one entry in each cache). No body: a player's Range goes with it to
      // the copy, which answers it (HEAD likewise).
      res
        .status(302)
        .set({ Location: found.redirectTo, 'Cache-Control': TO_COPY_CACHE_CONTROL, 'Cross-Origin-Resource-Policy': 'same-site' })
        .end();
      return;
    }
    const { contentType, info, cacheControl } = found;

    res.set({
      'Content-Type': contentType,
      'Accept-Ranges': 'bytes',
      ETag: info.etag,
      'Last-Modified': info.lastModified.toUTCString(),
      'Cache-Control': cacheControl,
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
    const body = await audioUploads.read(key, range ?? undefined);
    // A listener that seeks away aborts the response; that is not an error worth a log line.
    await pipeline(body, res).catch(() => body.destroy());
  });

  router.put('/objects/staging/:key', async (req, res) => {
    let outcome: DirectUploadOutcome;
    try {
      const grant = { expires: req.query.expires, signature: req.query.signature };
      outcome = await audioUploads.receiveDirectUpload(req.params.key, grant, req, declaredLength(req));
    } finally {
      // The rest of a refused or broken body is not read: close the connection once the answer is out.
      if (!req.complete) res.set('Connection', 'close');
    }
    if (outcome.kind !== 'stored') throw uploadRefusal(outcome);
    services.metrics?.countUploadReceived(outcome.size);
    res.set('Cache-Control', 'no-store').status(200).json({ message: 'Uploaded' });
  });

  return router;
}

function uploadRefusal(outcome: Exclude<DirectUploadOutcome, { kind: 'stored' }>): HttpError {
  switch (outcome.kind) {
    case 'not-found':
      return new HttpError(404, 'Not found');
    case 'invalid-grant':
      return new HttpError(403, 'Invalid upload grant');
    case 'expired-grant':
      return new HttpError(403, 'Request has expired');
    case 'grant-used':
      return new HttpError(409, 'This upload grant has already been used');
    case 'interrupted':
      // Usually nobody is left to read this: the connection broke or fell idle.
      return new HttpError(400, 'The upload was interrupted; try again');
    case 'too-large':
      return new HttpError(413, SINGLE_PUT_TOO_LARGE_MESSAGE);
  }
}
