import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { stagingKey } from '#common/object-keys.ts';
import type { CompleteMultipartInput } from '#common/uploads.ts';
import type { Database } from '#server/db/schema.ts';
import {
  PartDigestMismatchError,
  UPLOAD_GRANT_SECONDS,
  UploadTooLargeError,
  type ObjectStore,
  type UploadedPart,
} from '#server/storage/object-store.ts';
import { checkParts, firstBytesOf } from './part-checks.ts';

export const ABANDONED_MULTIPART_MS = 24 * 60 * 60 * 1000;

/** Who asks, as the access rule names them; an upload is continued only by whoever started it. */
export interface UploadCaller {
  owner: string;
}

/** An upload as the uploader names it: the server's key and the store's upload id. */
export interface UploadRef {
  key: string;
  uploadId: string;
}

export type CompleteOutcome =
  | { kind: 'completed'; location: string }
  | { kind: 'not-found' }
  | { kind: 'invalid'; message: string }
  | { kind: 'too-large'; maxBytes: number };

/**
 * Where an upload goes when it is not a sample's audio: a key reserved elsewhere (a project file),
 * the object its completion writes, and its own size limit. The object is written in place, never
 * moved afterwards: a bucket cannot copy an object over 5 GB in one call.
 */
export interface UploadDestination {
  objectKey: string;
  maxBytes: number;
}

export type PartUploadOutcome =
  | { kind: 'stored'; etag: string }
  | { kind: 'not-found' }
  | { kind: 'invalid-grant' }
  | { kind: 'expired-grant' }
  | { kind: 'too-large'; maxBytes: number }
  | { kind: 'bad-digest' }
  | { kind: 'interrupted' }
  | { kind: 'refused'; message: string };

export interface MultipartOptions {
  /** Reserves a fresh upload key (the single-use registration row); the upload completes into its staging key. */
  reserveKey: () => Promise<string>;
  /** The largest file this uploader takes: no part, and no completed upload, may be larger. */
  maxBytes: number;
  /**
   * Judges an upload by its first bytes as soon as its first part arrives (where the store lets the
   * server see the part): a refusal message ends the upload there, before the rest is sent.
   */
  checkFirstBytes?: (uploadKey: string, head: Uint8Array) => Promise<string | null>;
}

/** The parts as the uploader lists them, kept on the row once the upload is joined. */
type ListedParts = UploadedPart[];

/**
 * The uploader's multipart protocol over either store, for uploads this server started: every call
 * names an upload id and key recorded here for the same caller, or it is not found. Completion checks
 * the parts (all there, ETags as uploaded, sizes as S3 wants them) before anything is joined, and
 * writes the staging key, from which registration takes the file as it does a single PUT.
 */
export class MultipartUploadService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: ObjectStore,
    private readonly options: MultipartOptions,
  ) {}

  /** Starts an upload: a sample's audio (a fresh key, landing at its staging key) or, given one, into `destination`. */
  async start(caller: UploadCaller, contentType: string, destination?: UploadDestination & { uploadKey: string }): Promise<UploadRef> {
    const uploadKey = destination?.uploadKey ?? (await this.options.reserveKey());
    const key = destination?.objectKey ?? stagingKey(uploadKey);
    const uploadId = await this.store.multipart.create(key, contentType);
    try {
      await this.db
        .insertInto('multipartUploads')
        .values({
          uploadId,
          objectKey: key,
          uploadKey,
          owner: caller.owner,
          contentType,
          maxBytes: destination?.maxBytes ?? null,
          createdAt: new Date().toISOString(),
        })
        .execute();
    } catch (error) {
      await this.store.multipart.abort(key, uploadId);
      throw error;
    }
    return { key, uploadId };
  }

  private async find(caller: UploadCaller, ref: UploadRef) {
    const row = await this.db
      .selectFrom('multipartUploads')
      .selectAll()
      .where('uploadId', '=', ref.uploadId)
      .where('objectKey', '=', ref.key)
      .where('owner', '=', caller.owner)
      .executeTakeFirst();
    return row ?? null;
  }

  async listParts(caller: UploadCaller, ref: UploadRef): Promise<UploadedPart[] | null> {
    const row = await this.find(caller, ref);
    if (!row) return null;
    // Joined already (the answer to the completion was lost to a pause or a reload): every part is there.
    if (row.completedParts) return JSON.parse(row.completedParts) as ListedParts;
    return this.store.multipart.listParts(ref.key, ref.uploadId);
  }

  /**
   * A part's upload URL. With the part's MD5 (base64) the PUT must carry it as Content-MD5, and the store
   * refuses bytes that do not match: the check that what is stored is what the browser read from the file.
   */
  async signPart(
    caller: UploadCaller,
    ref: UploadRef,
    partNumber: number,
    contentMd5?: string,
  ): Promise<{ url: string; expires: number; headers?: Record<string, string> } | null> {
    if (!(await this.find(caller, ref))) return null;
    const url = await this.store.multipart.partUploadUrl(ref.key, ref.uploadId, partNumber, UPLOAD_GRANT_SECONDS, contentMd5);
    return { url, expires: UPLOAD_GRANT_SECONDS, ...(contentMd5 ? { headers: { 'Content-MD5': contentMd5 } } : {}) };
  }

  /**
   * Joins the parts into the object, once. The row stays, marked with the parts joined, so a
   * completion retried after a pause, a lost answer or a reload answers the same location (and the
   * registration that follows finds the same file) instead of "No such upload".
   */
  async complete(caller: UploadCaller, ref: UploadRef, input: CompleteMultipartInput): Promise<CompleteOutcome> {
    const row = await this.find(caller, ref);
    if (!row) return { kind: 'not-found' };
    const completed = { kind: 'completed' as const, location: `/objects/${ref.key}` };
    if (row.completedParts) return completed;
    const stored = await this.store.multipart.listParts(ref.key, ref.uploadId);
    if (!stored) return (await this.markJoined(ref, input)) ? completed : { kind: 'not-found' };
    const checked = checkParts(input, stored, row.maxBytes ?? this.options.maxBytes);
    if (checked.kind !== 'ok') return checked;
    try {
      await this.store.multipart.complete(ref.key, ref.uploadId, checked.parts, row.contentType);
    } catch (error) {
      // Joined by a request that overtook this one, or aborted: the parts are gone either way.
      if ((await this.store.multipart.listParts(ref.key, ref.uploadId)) === null) {
        return (await this.markJoined(ref, input)) ? completed : { kind: 'not-found' };
      }
      throw error;
    }
    const joined = new Set(checked.parts.map((part) => part.partNumber));
    await this.saveJoined(
      ref,
      stored.filter((part) => joined.has(part.partNumber)),
    );
    // Where registration finds it: the path names the key written (staging, or the destination), whichever store holds it.
    return completed;
  }

  /**
   * The store has no parts left for an upload whose row is still open: an earlier completion joined
   * them and its answer (and its mark) never came. If the object is there, mark the row and answer as
   * completed; if not, the upload was aborted.
   */
  private async markJoined(ref: UploadRef, input: CompleteMultipartInput): Promise<boolean> {
    const object = await this.store.stat(ref.key);
    if (!object) return false;
    const named = [...input.parts].sort((a, b) => a.PartNumber - b.PartNumber);
    // The part sizes are gone with the parts; the uploader only needs each part listed, the total is exact.
    const each = Math.floor(object.size / Math.max(named.length, 1));
    const listed: ListedParts = named.map((part, index) => ({
      partNumber: part.PartNumber,
      size: index === named.length - 1 ? object.size - each * index : each,
      etag: part.ETag,
    }));
    await this.saveJoined(ref, listed);
    return true;
  }

  /** Marks the upload joined, keeping the parts it was joined from: a repeated completion answers from them. */
  private async saveJoined(ref: UploadRef, listed: ListedParts): Promise<void> {
    await this.db
      .updateTable('multipartUploads')
      .set({ completedParts: JSON.stringify(listed) })
      .where('uploadId', '=', ref.uploadId)
      .execute();
  }

  async abort(caller: UploadCaller, ref: UploadRef): Promise<boolean> {
    const row = await this.find(caller, ref);
    if (!row) return false;
    // A joined upload has no parts left to remove; its object is registered, or removed with its reservation.
    if (!row.completedParts) await this.store.multipart.abort(ref.key, ref.uploadId);
    await this.db.deleteFrom('multipartUploads').where('uploadId', '=', ref.uploadId).execute();
    return true;
  }

  /**
   * The local store's part PUT: a signed URL names the upload and part; the upload must still be one
   * this server started. A part sent again replaces the earlier one, so a broken PUT is simply retried.
   */
  async receivePart(
    uploadId: string,
    partNumber: number,
    grant: { expires: unknown; signature: unknown },
    body: Readable,
    declaredLength: number | null,
    contentMd5?: string,
  ): Promise<PartUploadOutcome> {
    const receiver = this.store.directUploads;
    if (!receiver) return { kind: 'not-found' };
    const check = receiver.checkPartGrant(uploadId, partNumber, grant.expires, grant.signature, contentMd5);
    if (check === 'invalid') return { kind: 'invalid-grant' };
    if (check === 'expired') return { kind: 'expired-grant' };
    const row = await this.db
      .selectFrom('multipartUploads')
      .select(['maxBytes', 'uploadKey', 'objectKey'])
      .where('uploadId', '=', uploadId)
      .executeTakeFirst();
    if (!row) return { kind: 'not-found' };
    const maxBytes = row.maxBytes ?? this.options.maxBytes;
    if (declaredLength !== null && declaredLength > maxBytes) return { kind: 'too-large', maxBytes };
    const head = partNumber === 1 && this.options.checkFirstBytes ? firstBytesOf(body) : null;
    try {
      const part = await receiver.receivePart(uploadId, partNumber, head?.stream ?? body, maxBytes, contentMd5);
      if (!part) return { kind: 'not-found' };
      const refusal = head ? await this.options.checkFirstBytes!(row.uploadKey, head.bytes()) : null;
      if (refusal) {
        // Refused at the first part, not after the whole file: the upload ends here.
        await this.store.multipart.abort(row.objectKey, uploadId);
        await this.db.deleteFrom('multipartUploads').where('uploadId', '=', uploadId).execute();
        return { kind: 'refused', message: refusal };
      }
      return { kind: 'stored', etag: part.etag };
    } catch (error) {
      if (error instanceof UploadTooLargeError) return { kind: 'too-large', maxBytes };
      if (error instanceof PartDigestMismatchError) return { kind: 'bad-digest' };
      if (body.readableAborted) return { kind: 'interrupted' };
      throw error;
    }
  }

  /**
   * Aborts uploads started more than a day ago. Aborting is idempotent in both stores, so instances
   * sweeping at once do no harm: each removes the row after its abort.
   */
  async removeAbandoned(now = Date.now()): Promise<number> {
    const cutoff = new Date(now - ABANDONED_MULTIPART_MS).toISOString();
    const stale = await this.db.selectFrom('multipartUploads').select(['uploadId', 'objectKey']).where('createdAt', '<', cutoff).execute();
    for (const { uploadId, objectKey } of stale) {
      await this.store.multipart.abort(objectKey, uploadId);
      await this.db.deleteFrom('multipartUploads').where('uploadId', '=', uploadId).execute();
    }
    return stale.length;
  }
}
