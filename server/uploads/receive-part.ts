import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { PartDigestMismatchError, UploadTooLargeError, type ObjectStore } from '#server/storage/object-store.ts';
import type { MultipartOptions, PartUploadOutcome } from './multipart-outcomes.ts';
import { touchUpload } from './open-upload-bounds.ts';
import { firstBytesOf } from './part-checks.ts';

/** What the part PUT reads and writes: the rows, the store, the uploader's limit and first-bytes check. */
export interface PartReceiverParts {
  db: Kysely<Database>;
  store: ObjectStore;
  options: MultipartOptions;
}

/**
 * The local store's part PUT: a signed URL names the upload and part; the upload must still be one
 * this server started. A part sent again replaces the earlier one, so a broken PUT is simply retried.
 */
export async function receivePart(
  { db, store, options }: PartReceiverParts,
  uploadId: string,
  partNumber: number,
  grant: { expires: unknown; signature: unknown },
  body: Readable,
  declaredLength: number | null,
  contentMd5?: string,
): Promise<PartUploadOutcome> {
  const receiver = store.directUploads;
  if (!receiver) return { kind: 'not-found' };
  const check = receiver.checkPartGrant(uploadId, partNumber, grant.expires, grant.signature, contentMd5);
  if (check === 'invalid') return { kind: 'invalid-grant' };
  if (check === 'expired') return { kind: 'expired-grant' };
  const row = await db
    .selectFrom('multipartUploads')
    .select(['maxBytes', 'declaredBytes', 'uploadKey', 'objectKey'])
    .where('uploadId', '=', uploadId)
    .executeTakeFirst();
  if (!row) return { kind: 'not-found' };
  const maxBytes = row.maxBytes ?? options.maxBytes;
  if (declaredLength !== null && declaredLength > maxBytes) return { kind: 'too-large', maxBytes };
  // The running total: the other parts already stored, and this one, stay within the declared size
  // (a part sent again replaces its earlier self, so it is not counted twice) and the limit.
  const others = ((await store.multipart.listParts(row.objectKey, uploadId)) ?? [])
    .filter((part) => part.partNumber !== partNumber)
    .reduce((sum, part) => sum + part.size, 0);
  const declared = row.declaredBytes;
  const room = Math.max(0, Math.min(maxBytes, declared ?? Infinity) - others);
  const beyond = (): PartUploadOutcome =>
    declared !== null && declared < maxBytes ? { kind: 'beyond-declared', declaredBytes: declared } : { kind: 'too-large', maxBytes };
  if (declaredLength !== null && declaredLength > room) return beyond();
  await touchUpload(db, uploadId);
  const head = partNumber === 1 && options.checkFirstBytes ? firstBytesOf(body) : null;
  try {
    const part = await receiver.receivePart(uploadId, partNumber, head?.stream ?? body, room, contentMd5);
    if (!part) return { kind: 'not-found' };
    const refusal = head ? await options.checkFirstBytes!(row.uploadKey, head.bytes()) : null;
    if (refusal) {
      // Refused at the first part, not after the whole file: the upload ends here.
      await store.multipart.abort(row.objectKey, uploadId);
      await db.deleteFrom('multipartUploads').where('uploadId', '=', uploadId).execute();
      return { kind: 'refused', message: refusal };
    }
    return { kind: 'stored', etag: part.etag };
  } catch (error) {
    if (error instanceof UploadTooLargeError) return beyond();
    if (error instanceof PartDigestMismatchError) return { kind: 'bad-digest' };
    if (body.readableAborted) return { kind: 'interrupted' };
    throw error;
  }
}
