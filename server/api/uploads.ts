import { NOT_ALLOWED } from '#common/collaborators.ts';
import type { AdminProfile } from '#common/admin-auth.ts';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { formatFileSize } from '#common/file-size.ts';
import { MAX_PROJECT_FILE_BYTES, MAX_PROJECT_FILES } from '#common/projects.ts';
import { AUDIO_TOO_LARGE_MESSAGE, MAX_AUDIO_BYTES } from '#common/samples.ts';
import {
  completeMultipartSchema,
  isContentMd5,
  isUploadReference,
  partNumberSchema,
  startMultipartSchema,
  storedContentType,
  type StartMultipartInput,
} from '#common/uploads.ts';
import { z } from '#common/zod.ts';
import type { Services } from '#server/context.ts';
import { clientUploadGate, type ClientUploadGate } from '#server/flows/client-upload-gate.ts';
import { DepositRequired } from './payment-required.ts';
import { HttpError } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody } from '#server/http/validation.ts';
import type { PortalClient } from '#server/projects/client-sessions.ts';
import { OPEN_UPLOADS_RETRY_AFTER_SECONDS } from '#server/uploads/open-upload-limits.ts';
import type { StartRefusal, UploadCaller, UploadDestination, UploadRef, UploadScope } from '#server/uploads/multipart-outcomes.ts';
import type { MultipartUploadService } from '#server/uploads/multipart-uploads.ts';
import { noStore } from '#server/http/no-store.ts';

/**
 * Who may use the upload routes, and under what name. `guard` runs first and refuses whoever may not
 * upload at all; `callerOf` names the caller (an upload is only continued by the caller who started
 * it); `destinationFor` decides where a new upload goes, or refuses it with an HttpError.
 */
export interface UploadAccessRule {
  guard: RequestHandler;
  callerOf(req: Request, res: Response): UploadCaller;
  destinationFor(req: Request, res: Response, input: StartMultipartInput): Promise<(UploadDestination & { uploadKey: string }) | undefined>;
}

/** An admin session (its role checked), or else a client session (an admin's wins when a browser holds both). */
const requireAdminOrClient: RequestHandler = (req, res, next) =>
  !res.locals.admin && res.locals.client ? next() : requireAdmin(req, res, next);

const projectIdSchema = z.coerce.number({ error: 'metadata.projectId must be a project id' }).int().positive().max(999_999_999);

/**
 * The admin uploads a sample's audio (no project named) or a delivery into any project; a client
 * uploads only into their own project, while it takes files (`metadata.projectId`, which Uppy sends
 * from the file's meta). Someone else's project reads as no project at all.
 */
export function uploadAccess(services: Services): UploadAccessRule {
  return {
    guard: requireAdminOrClient,
    callerOf: (_req, res) =>
      res.locals.admin
        ? { owner: `admin:${(res.locals.admin as AdminProfile).id}` }
        : { owner: `client:${(res.locals.client as PortalClient).email}` },
    async destinationFor(_req, res, input) {
      const named = input.metadata?.projectId;
      if (named === undefined || named === null || named === '') {
        if (res.locals.admin) return undefined;
        throw new HttpError(400, 'Name the project to upload into', { projectId: ['metadata.projectId is required'] });
      }
      const parsed = projectIdSchema.safeParse(named);
      if (!parsed.success) throw new HttpError(400, 'metadata.projectId must be a project id', { projectId: ['Not a project id'] });
      const projectId = parsed.data;
      const admin = res.locals.admin as AdminProfile | null;
      const client = res.locals.client as PortalClient | null;
      // Only the invited client sends files; a collaborator is told so (common/collaborators.ts); a deposit the work waits for, too.
      if (!admin) refuseClosedUploads(client ? await clientUploadGate(services, client.email, projectId) : { kind: 'not-found' });
      const side = admin ? 'studio' : 'client';
      const uploader = admin ? `admin:${admin.id}` : `client:${client!.email}`;
      // Refused for its size or the caller's unfinished uploads before a key is reserved for it.
      await admitOrRefuse(
        services.uploads.multipartUploads,
        { owner: uploader },
        { projectId, maxBytes: MAX_PROJECT_FILE_BYTES, declaredBytes: input.size ?? null },
      );
      const outcome = await services.projects.projectFiles.reserveUpload(projectId, side, uploader, input.filename);
      switch (outcome.kind) {
        case 'reserved':
          return { uploadKey: outcome.uploadKey, objectKey: outcome.objectKey, maxBytes: outcome.maxBytes, projectId };
        case 'not-found':
          throw new HttpError(404, 'Project not found');
        case 'closed':
          throw new HttpError(409, 'This project no longer takes files');
        case 'too-many':
          throw new HttpError(409, `This project already holds ${MAX_PROJECT_FILES} files`);
      }
    },
  };
}

/** A client's upload refused by the gate: 404, 403 for a collaborator, 402 while the deposit the work waits for is unpaid. */
export function refuseClosedUploads(gate: ClientUploadGate): void {
  if (gate.kind === 'not-found') throw new HttpError(404, 'Project not found');
  if (gate.kind === 'not-allowed') throw new HttpError(403, NOT_ALLOWED.manage);
  if (gate.kind === 'deposit-due') throw new DepositRequired(gate.amountDueCents);
}

const NOT_FOUND = 'No such upload';

const FINISH_OR_CANCEL = 'finish or cancel some of them first';

/** Over its limit: a sample's audio (the uploads with its limit) is told the way to fit, FLAC (decision 088). */
function tooLarge(maxBytes: number): HttpError {
  return maxBytes === MAX_AUDIO_BYTES
    ? new HttpError(413, AUDIO_TOO_LARGE_MESSAGE)
    : new HttpError(413, `The file is larger than ${formatFileSize(maxBytes)}, the most one upload may be`);
}

/** A refused start as the uploader shows it: 413 for a file over its limit, 429 (worth retrying later) for too much unfinished. */
function startRefusal(refusal: StartRefusal): HttpError {
  const later = { 'Retry-After': String(OPEN_UPLOADS_RETRY_AFTER_SECONDS) };
  switch (refusal.kind) {
    case 'too-large':
      return tooLarge(refusal.maxBytes);
    case 'too-many-open':
      return refusal.of === 'caller'
        ? new HttpError(429, `Too many unfinished uploads (${refusal.limit} at once): ${FINISH_OR_CANCEL}`, undefined, later)
        : new HttpError(
            429,
            `This project has too many unfinished uploads (${refusal.limit} at once): ${FINISH_OR_CANCEL}`,
            undefined,
            later,
          );
    case 'too-many-bytes':
      return refusal.of === 'caller'
        ? new HttpError(
            429,
            `Your unfinished uploads would come to more than ${formatFileSize(refusal.limitBytes)}: ${FINISH_OR_CANCEL}`,
            undefined,
            later,
          )
        : new HttpError(
            429,
            `This project's unfinished uploads would come to more than ${formatFileSize(refusal.limitBytes)}: ${FINISH_OR_CANCEL}`,
            undefined,
            later,
          );
  }
}

async function admitOrRefuse(uploads: MultipartUploadService, caller: UploadCaller, scope: UploadScope): Promise<void> {
  const refusal = await uploads.admit(caller, scope);
  if (refusal) throw startRefusal(refusal);
}

/** The upload a request names: `?key=` and the `uploadId` path segment, as text of sane length. */
function refOf(req: Request): UploadRef {
  const key = req.query.key;
  const uploadId = req.params.uploadId;
  // A NUL or a control character could never be in a key this server issued (and PostgreSQL refuses it).
  if (!isUploadReference(key) || !isUploadReference(uploadId)) throw new HttpError(404, NOT_FOUND);
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
export function uploadsRouter(services: Services, access: UploadAccessRule = uploadAccess(services)): Router {
  const router = Router();
  const { multipartUploads } = services.uploads;
  const { audioUploads } = services.samples;

  router.use('/uploads', access.guard);

  router.post('/uploads/s3/multipart', async (req, res) => {
    // The first rule broken is the message: "The file is empty" reaches the uploader as it is.
    const input = parseBody(startMultipartSchema, req.body);
    const caller = access.callerOf(req, res);
    const destination = await access.destinationFor(req, res, input);
    // A bounded start (decision 083): checked here before anything is made, and again once its row is written.
    const outcome = await multipartUploads.start(caller, storedContentType(input.type), destination, input.size ?? null);
    if (outcome.kind !== 'started') throw startRefusal(outcome);
    noStore(res).json(outcome.ref);
  });

  router.get('/uploads/s3/multipart/:uploadId', async (req, res) => {
    const parts = await multipartUploads.listParts(access.callerOf(req, res), refOf(req));
    if (!parts) throw new HttpError(404, NOT_FOUND);
    noStore(res).json(parts.map((part) => ({ PartNumber: part.partNumber, Size: part.size, ETag: part.etag })));
  });

  router.get('/uploads/s3/multipart/:uploadId/:partNumber', async (req, res) => {
    const ref = refOf(req);
    const partNumber = partNumberOf(req.params.partNumber);
    const md5 = req.query.md5;
    if (md5 !== undefined && !(typeof md5 === 'string' && isContentMd5(md5))) {
      throw new HttpError(400, 'md5 must be the base64 of the part’s MD5 digest', { md5: ['Not an MD5 digest'] });
    }
    const signed = await multipartUploads.signPart(access.callerOf(req, res), ref, partNumber, md5);
    if (signed.kind === 'not-found') throw new HttpError(404, NOT_FOUND);
    if (signed.kind === 'beyond-declared') {
      throw new HttpError(
        413,
        `Part ${partNumber} is beyond this file's ${formatFileSize(signed.declaredBytes)}: it has at most ${signed.maxParts} parts`,
        { partNumber: ['Beyond the declared size'] },
      );
    }
    const { kind: _signed, ...grant } = signed;
    noStore(res).json(grant);
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
        throw tooLarge(outcome.maxBytes);
    }
  });

  router.delete('/uploads/s3/multipart/:uploadId', async (req, res) => {
    if (!(await multipartUploads.abort(access.callerOf(req, res), refOf(req)))) throw new HttpError(404, NOT_FOUND);
    noStore(res).json({});
  });

  // A single PUT, for uploaders configured without multipart: the same grant as POST /api/objects/upload.
  router.get('/uploads/s3/params', requireAdmin, async (req, res) => {
    const type = storedContentType(req.query.type);
    const url = await audioUploads.issueUploadUrl();
    noStore(res).json({ method: 'PUT', url, fields: {}, headers: { 'Content-Type': type } });
  });

  return router;
}
