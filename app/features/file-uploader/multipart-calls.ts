import type { AwsS3Part } from '@uppy/aws-s3';
import { api, type ApiFailure } from '#app/lib/api.ts';
import { PART_RETRY_DELAYS_MS, UPLOAD_CONCURRENCY } from '#common/uploads.ts';
import { contentMd5 } from './part-digest.ts';

/** Multipart for every file, so a pause or a reload continues from the last finished part. */
export const MULTIPART_OPTIONS = {
  shouldUseMultipart: true as const,
  limit: UPLOAD_CONCURRENCY,
  retryDelays: PART_RETRY_DELAYS_MS,
};

/** Where the server speaks the uploader's multipart protocol (server/api/uploads.ts). */
export const UPLOADS_ENDPOINT = '/api/uploads';

interface UploadRef {
  key: string;
  /** Optional in the plugin's types (a single PUT has none); every multipart call has one. */
  uploadId?: string;
}

/**
 * A refusal as Uppy understands it: the message is shown, and `source.status` tells its retry logic
 * whether trying again can help (a 4xx other than 409 and 429 does not).
 */
function uploaderError(failure: ApiFailure): Error {
  return Object.assign(new Error(failure.serverMessage ?? failure.message), { source: { status: failure.status } });
}

async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const result = await api<T>(method, `${UPLOADS_ENDPOINT}${path}`, body);
  if (!result.ok) throw uploaderError(result);
  return result.data;
}

const uploadPath = ({ uploadId, key }: UploadRef, suffix = '') =>
  `/s3/multipart/${encodeURIComponent(uploadId ?? '')}${suffix}?key=${encodeURIComponent(key)}`;

/**
 * The AWS S3 plugin's multipart functions, each one call to /api/uploads. They go through the site's
 * `api()` rather than the plugin's own `endpoint` client so that an ended admin session opens the
 * login dialog and the upload carries on after it, as every other admin request does. Shared by the
 * admin's sample uploader and the project uploader (portal and deliveries), which names its project
 * in the file's `meta.projectId`.
 */
export const multipartCalls = {
  createMultipartUpload: (file: { name?: string; type?: string; size?: number | null; meta?: Record<string, unknown> }) =>
    call<{ key: string; uploadId: string }>('POST', '/s3/multipart', {
      filename: file.name ?? 'audio',
      type: file.type ?? '',
      // The server refuses an empty file here, before any part is sent.
      ...(typeof file.size === 'number' ? { size: file.size } : {}),
      // Only what the server reads: the project a file goes into (none for a sample's audio).
      metadata: file.meta?.projectId === undefined ? {} : { projectId: file.meta.projectId },
    }),

  listParts: (_file: unknown, ref: UploadRef) => call<AwsS3Part[]>('GET', uploadPath(ref)),

  async signPart(_file: unknown, ref: UploadRef & { partNumber: number; body?: Blob }) {
    // With the part's MD5 the store only keeps these exact bytes; the PUT carries it as Content-MD5 (in `headers`).
    const md5 = ref.body ? `&md5=${encodeURIComponent(await contentMd5(ref.body))}` : '';
    const signed = await call<{ url: string; expires: number; headers?: Record<string, string> }>(
      'GET',
      `${uploadPath(ref, `/${ref.partNumber}`)}${md5}`,
    );
    // The local store answers a path on this origin; Uppy needs an absolute URL.
    return {
      method: 'PUT' as const,
      url: new URL(signed.url, window.location.href).href,
      expires: signed.expires,
      headers: signed.headers,
    };
  },

  abortMultipartUpload: async (_file: unknown, ref: UploadRef) => {
    await call('DELETE', uploadPath(ref));
  },

  completeMultipartUpload: (_file: unknown, ref: UploadRef & { parts: AwsS3Part[] }) =>
    call<{ location: string }>('POST', uploadPath(ref, '/complete'), {
      parts: ref.parts.map(({ PartNumber, ETag }) => ({ PartNumber, ETag })),
    }),
};
