import { safeText } from './text.ts';
import { z } from './zod.ts';

/**
 * The rules of the uploader's multipart protocol (S3's own): every part but the last holds at least
 * 5 MiB, an upload has at most 10000 parts. The browser cuts files by these, the server checks them.
 */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
export const MAX_PARTS = 10_000;
/** Requests the uploader runs at once, and the waits before each retry of a failed part. */
export const UPLOAD_CONCURRENCY = 6;
export const PART_RETRY_DELAYS_MS = [0, 1000, 3000, 5000];
/**
 * Golden Retriever keeps a file up to this size whole in the browser's IndexedDB, so a reload resumes
 * it without asking; a larger one is remembered by name and finished parts, and asked for again.
 */
export const RECOVERY_BLOB_MAX_BYTES = 50_000_000;

const shortText = (label: string, max: number) =>
  safeText(z.string({ error: `${label} must be text` }), label).max(max, `${label} is too long`);

/** POST s3/multipart: what the uploader says about the file. The key is made by the server, never taken from here. */
/** Why an empty file is refused: at the start (its declared size) and at completion (its parts). */
export const EMPTY_FILE_MESSAGE = 'The file is empty (0 bytes): choose the file again from its folder';

export const startMultipartSchema = z.object({
  filename: shortText('filename', 255).min(1, 'filename is required'),
  type: shortText('type', 255).optional(),
  /** The file's size as the browser reads it: an empty file is refused before any byte is sent. */
  size: z.number({ error: 'size must be a number of bytes' }).int('size must be a number of bytes').min(1, EMPTY_FILE_MESSAGE).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/**
 * The content type an upload is stored with: the browser's word when it is a plain media type, else
 * `application/octet-stream` (a browser may send an empty or odd one; it is sent on as an HTTP
 * header, where anything beyond this pattern could break the request).
 */
export function storedContentType(type: unknown): string {
  return typeof type === 'string' && /^[\w.+-]{1,100}\/[\w.+-]{1,100}$/.test(type) ? type : 'application/octet-stream';
}

/** An upload key or upload id as this server issues them: printable ASCII, no spaces, of sane length. */
export const isUploadReference = (value: unknown): value is string => typeof value === 'string' && /^[\x21-\x7e]{1,1024}$/.test(value);

/** A Content-MD5 value: the base64 of a 16-byte MD5 digest. */
export const isContentMd5 = (value: string): boolean => /^[A-Za-z0-9+/]{22}==$/.test(value);

export type StartMultipartInput = z.infer<typeof startMultipartSchema>;

export const partNumberSchema = z.coerce
  .number({ error: `partNumber must be a number from 1 to ${MAX_PARTS}` })
  .int(`partNumber must be a number from 1 to ${MAX_PARTS}`)
  .min(1, `partNumber must be a number from 1 to ${MAX_PARTS}`)
  .max(MAX_PARTS, `partNumber must be a number from 1 to ${MAX_PARTS}`);

/** POST s3/multipart/{uploadId}/complete: every part, each with the ETag its PUT answered. */
export const completeMultipartSchema = z.object({
  parts: z
    .array(
      z.object({
        PartNumber: z
          .number({ error: 'PartNumber must be a number' })
          .int()
          .min(1, `PartNumber must be from 1 to ${MAX_PARTS}`)
          .max(MAX_PARTS, `PartNumber must be from 1 to ${MAX_PARTS}`),
        ETag: shortText('ETag', 200).min(1, 'ETag is required'),
      }),
      { error: 'parts must be a list of {PartNumber, ETag}' },
    )
    .min(1, 'parts must not be empty')
    .max(MAX_PARTS, `at most ${MAX_PARTS} parts`),
});

export type CompleteMultipartInput = z.infer<typeof completeMultipartSchema>;
