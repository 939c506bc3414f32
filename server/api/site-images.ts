import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import {
  IMAGE_UPLOAD_TYPES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  MAX_SVG_BYTES,
  MAX_SVG_ELEMENTS,
  isImageUploadType,
} from '#common/site-content/image-upload.ts';
import type { Services } from '#server/context.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { readLimitedBody } from '#server/http/raw-body.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import type { ContentEditor } from '#server/site-content/site-content-service.ts';
import type { ImageUploadOutcome, StoredRendition } from '#server/site-content/site-images.ts';

const ACCEPTED = 'Only JPEG, PNG, WebP, AVIF and SVG images can be uploaded';
// A rendition's key is never reused for other bytes (each upload gets a new id), so a year is safe.
export const RENDITION_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const BUSY_RETRY_AFTER_SECONDS = 10;
const SMALLER = 'make it smaller and try again';
const DAMAGED = 'This image is damaged or incomplete';

function refusal(outcome: Exclude<ImageUploadOutcome, { kind: 'stored' }>): HttpError {
  switch (outcome.kind) {
    case 'empty':
      return new HttpError(400, 'The request carries no image');
    case 'unreadable':
      return new HttpError(400, 'This file is not an image that can be read');
    case 'damaged':
      return new HttpError(400, DAMAGED, { file: [`${DAMAGED}: export or save it again, then upload the new file`] });
    case 'unsupported':
      return new HttpError(415, `${ACCEPTED}; this file is ${outcome.format.toUpperCase()}`);
    case 'unsafe-svg':
      return new HttpError(400, `This SVG cannot be used: ${outcome.reason}. Export it again as a plain drawing, or upload a PNG`);
    case 'svg-too-large':
      return new HttpError(
        413,
        outcome.limit === 'bytes'
          ? `An SVG can be at most ${MAX_SVG_BYTES / 1024 / 1024} MB; simplify the drawing or upload a PNG`
          : `An SVG can hold at most ${MAX_SVG_ELEMENTS.toLocaleString('en-US')} elements; simplify the drawing or upload a PNG`,
      );
    case 'too-many-pixels':
      return new HttpError(
        400,
        `The image has more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels or ${MAX_IMAGE_SIDE} pixels on a side; ${SMALLER}`,
      );
  }
}

/**
 * POST /api/admin/images (admin): the raw image as the body, its type as Content-Type. The answer
 * is the ImageRef the content stores (docs/decisions/050-owner-images.md).
 */
export function siteImageUploadRouter(services: Services): Router {
  const router = Router();
  router
    .route('/admin/images')
    .post(requireAdmin, async (req, res: Response) => {
      res.set('Cache-Control', 'no-store');
      const declared = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!isImageUploadType(declared)) {
        res.set('Connection', 'close');
        throw new HttpError(415, `${ACCEPTED}: send the file with Content-Type ${IMAGE_UPLOAD_TYPES.join(', ')}`);
      }
      const turn = services.site.siteImages.reserveUpload();
      if (!turn) {
        res.set('Connection', 'close');
        throw new HttpError(503, 'Other images are being processed; try again in a moment', undefined, {
          'Retry-After': String(BUSY_RETRY_AFTER_SECONDS),
        });
      }
      let outcome: ImageUploadOutcome;
      try {
        const bytes = await readLimitedBody(req, MAX_IMAGE_BYTES);
        outcome = await turn.store(bytes, res.locals.admin as ContentEditor);
      } catch (error) {
        // The rest of a refused or broken body is not read: close the connection once the answer is out.
        if (!req.complete) res.set('Connection', 'close');
        throw error;
      } finally {
        turn.release();
      }
      if (outcome.kind !== 'stored') throw refusal(outcome);
      res.status(201).json(outcome.image);
    })
    .all(methodNotAllowed(['POST']));
  return router;
}

/** GET/HEAD /media/images/{id}/{width}.{avif|webp|jpg}: the renditions, straight from the store. */
export function siteImageMediaRoutes(services: Services): Router {
  const router = Router();
  router
    .route('/media/images/:id/:file')
    .get(async (req, res) => {
      const match = /^(\d{1,5})\.([a-z]{3,4})$/.exec(req.params.file);
      const found = match ? await services.site.siteImages.findRendition(req.params.id, match[1]!, match[2]!) : null;
      if (!found) throw new HttpError(404, 'Not found');
      await sendStoredImage(services, req, res, found, { cacheControl: RENDITION_CACHE_CONTROL });
    })
    .all(methodNotAllowed(['GET', 'HEAD']));
  return router;
}

/**
 * A stored image file as the answer: its type, ETag (the store's unless given) and caching, a 304 when
 * the browser has it, streamed from the store otherwise. Used by the renditions and the favicon set.
 */
export async function sendStoredImage(
  services: Services,
  req: Request,
  res: Response,
  { info, contentType, key }: StoredRendition,
  { cacheControl, etag = info.etag }: { cacheControl: string; etag?: string },
): Promise<void> {
  res.set({
    'Content-Type': contentType,
    'Content-Length': String(info.size),
    ETag: etag,
    'Last-Modified': info.lastModified.toUTCString(),
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-site',
  });
  if (req.fresh) {
    res.removeHeader('Content-Length');
    res.status(304).end();
    return;
  }
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const body = await services.site.siteImages.read(key);
  // A visitor who navigates away aborts the response; not an error worth a log line.
  await pipeline(body, res).catch(() => body.destroy());
}
