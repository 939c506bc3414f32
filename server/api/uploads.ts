import { Router, type Request, type RequestHandler, type Response } from 'express';
import { formatFileSize } from '#common/file-size.ts';
import { completeMultipartSchema, partNumberSchema, startMultipartSchema } from '#common/uploads.ts';
import type { Services } from '#server/context.ts';
import { HttpError } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody } from '#server/http/validation.ts';
import type { UploadCaller, UploadRef } from '#server/uploads/multipart-uploads.ts';

/**
 * Who may use the upload routes, and under what name. `guard` runs first and refuses whoever may not
 * upload at all; `callerOf` names the caller, and an upload is only continued by the caller who started
 * it. Today the admin; the client space will pass its own rule (a client, into their own project).
 */
export interface UploadAccessRule {
  guard: RequestHandler;
  callerOf(req: Request, res: Response): UploadCaller;
}

export const adminUploadAccess: UploadAccessRule = {
  guard: requireAdmin,
  callerOf: (_req, res) => ({ owner: `admin:${(res.locals.admin as { id: number }).id}` }),
};

const NOT_FOUND = 'No such upload';

/** The upload a request names: `?key=` and the `uploadId` path segment, as text of sane length. */
function refOf(req: Request): UploadRef {
  const key = req.query.key;
  const uploadId = req.params.uploadId;
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024 || typeof uploadId !== 'string' || uploadId.length > 1024) {
    throw new HttpError(404, NOT_FOUND);
  }
  return { key, uploadId };
}

function partNumberOf(value: unknown): number {
  const parsed = partNumberSchema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid partNumber', { partNumber: ['Out of range'] });
  return parsed.data;
}

/**
 * The uploader's S3 multipart protocol (Uppy's AWS S3 plugin), for either store, under /api/uploads.
 * Keys are made here; an upload id or key this server did not issue to this caller is 404.
 */
export function uploadsRouter(services: Services, access: UploadAccessRule = adminUploadAccess): Router {
  const router = Router();
  const { multipartUploads, audioUploads } = services;
  const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

  router.use('/uploads', access.guard);

  router.post('/uploads/s3/multipart', async (req, res) => {
    const input = parseBody(startMultipartSchema, req.body, 'Invalid upload');
    const ref = await multipartUploads.start(access.callerOf(req, res), input.type || 'application/octet-stream');
    noStore(res).json(ref);
  });

  router.get('/uploads/s3/multipart/:uploadId', async (req, res) => {
    const parts = await multipartUploads.listParts(access.callerOf(req, res), refOf(req));
    if (!parts) throw new HttpError(404, NOT_FOUND);
    noStore(res).json(parts.map((part) => ({ PartNumber: part.partNumber, Size: part.size, ETag: part.etag })));
  });

  router.get('/uploads/s3/multipart/:uploadId/:partNumber', async (req, res) => {
    const ref = refOf(req);
    const partNumber = partNumberOf(req.params.partNumber);
    const signed = await multipartUploads.signPart(access.callerOf(req, res), ref, partNumber);
    if (!signed) throw new HttpError(404, NOT_FOUND);
    noStore(res).json(signed);
  });

  router.post('/uploads/s3/multipart/:uploadId/complete', async (req, res) => {
    const ref = refOf(req);
    const input = parseBody(completeMultipartSchema, req.body);
    const outcome = await multipartUploads.complete(access.callerOf(req, res), ref, input);
    switch (outcome.kind) {
      case 'completed':
        noStore(res).json({ location: outcome.location });
        return;
      case 'not-found':
        throw new HttpError(404, NOT_FOUND);
      case 'invalid':
        throw new HttpError(400, outcome.message, { parts: [outcome.message] });
      case 'too-large':
        throw new HttpError(413, `The file is larger than ${formatFileSize(services.uploadLimitBytes)}`);
    }
  });

  router.delete('/uploads/s3/multipart/:uploadId', async (req, res) => {
    if (!(await multipartUploads.abort(access.callerOf(req, res), refOf(req)))) throw new HttpError(404, NOT_FOUND);
    noStore(res).json({});
  });

  // A single PUT, for uploaders configured without multipart: the same grant as POST /api/objects/upload.
  router.get('/uploads/s3/params', async (req, res) => {
    const type =
      typeof req.query.type === 'string' && /^[\w.+-]+\/[\w.+-]+$/.test(req.query.type) ? req.query.type : 'application/octet-stream';
    const url = await audioUploads.issueUploadUrl();
    noStore(res).json({ method: 'PUT', url, fields: {}, headers: { 'Content-Type': type } });
  });

  return router;
}
