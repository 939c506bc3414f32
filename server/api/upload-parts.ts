import { Router, type Request } from 'express';
import { formatFileSize } from '#common/file-size.ts';
import { isContentMd5, partNumberSchema } from '#common/uploads.ts';
import type { Services } from '#server/context.ts';
import { HttpError } from '#server/http/errors.ts';
import type { PartUploadOutcome } from '#server/uploads/multipart-outcomes.ts';

function declaredLength(req: Request): number | null {
  const header = req.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : null;
}

/**
 * PUT /objects/multipart/{uploadId}/{partNumber}: the local store's part upload, authorised by the
 * signed URL the part route handed out. Answers the part's ETag, as S3 does. Mounted beside the
 * single-PUT route, before the page body limit.
 */
export function uploadPartRoutes(services: Services): Router {
  const router = Router();

  router.put('/objects/multipart/:uploadId/:partNumber', async (req, res) => {
    const partNumber = partNumberSchema.safeParse(req.params.partNumber);
    let outcome: PartUploadOutcome;
    try {
      if (!partNumber.success) throw new HttpError(400, partNumber.error.issues[0]?.message ?? 'Invalid partNumber');
      const grant = { expires: req.query.expires, signature: req.query.signature };
      const md5 = req.get('content-md5');
      if (md5 !== undefined && !isContentMd5(md5)) throw new HttpError(400, 'Content-MD5 must be the base64 of an MD5 digest');
      outcome = await services.uploads.multipartUploads.receivePart(
        req.params.uploadId,
        partNumber.data,
        grant,
        req,
        declaredLength(req),
        md5,
      );
    } finally {
      // The rest of a refused or broken body is not read: close the connection once the answer is out.
      if (!req.complete) res.set('Connection', 'close');
    }
    if (outcome.kind !== 'stored') throw partRefusal(outcome);
    res.set({ 'Cache-Control': 'no-store', ETag: outcome.etag }).status(200).end();
  });

  return router;
}

function partRefusal(outcome: Exclude<PartUploadOutcome, { kind: 'stored' }>): HttpError {
  switch (outcome.kind) {
    case 'not-found':
      return new HttpError(404, 'No such upload');
    case 'invalid-grant':
      return new HttpError(403, 'Invalid upload grant');
    case 'expired-grant':
      return new HttpError(403, 'Request has expired');
    case 'interrupted':
      return new HttpError(400, 'The upload was interrupted; try again');
    case 'too-large':
      return new HttpError(413, `The file is larger than ${formatFileSize(outcome.maxBytes)}`);
    case 'beyond-declared':
      return new HttpError(413, `This part would take the file past the ${formatFileSize(outcome.declaredBytes)} it was started with`);
    case 'refused':
      return new HttpError(415, outcome.message);
    case 'bad-digest':
      return new HttpError(400, 'The part arrived damaged (its MD5 does not match Content-MD5); send it again');
  }
}
