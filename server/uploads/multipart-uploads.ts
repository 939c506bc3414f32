import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { stagingKey } from '#common/object-keys.ts';
import type { CompleteMultipartInput } from '#common/uploads.ts';
import type { Database } from '#server/db/schema.ts';
import { UPLOAD_GRANT_SECONDS, type ObjectStore, type UploadedPart } from '#server/storage/object-store.ts';
import type {
  CompleteOutcome,
  ListedParts,
  MultipartOptions,
  PartUploadOutcome,
  SignOutcome,
  StartOutcome,
  StartRefusal,
  UploadCaller,
  UploadDestination,
  UploadRef,
  UploadScope,
} from './multipart-outcomes.ts';
import { OpenUploadBounds, touchUpload } from './open-upload-bounds.ts';
import { maxPartsFor } from './open-upload-limits.ts';
import { checkParts } from './part-checks.ts';
import { receivePart } from './receive-part.ts';

export const ABANDONED_MULTIPART_MS = 24 * 60 * 60 * 1000;

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
  ) {
    this.bounds = new OpenUploadBounds(db, store, options);
  }

  private readonly bounds: OpenUploadBounds;

  /** Whether `caller` may start an upload of `scope` now (open-upload-bounds.ts): asked before anything is reserved. */
  admit(caller: UploadCaller, scope: UploadScope, now = Date.now()): Promise<StartRefusal | null> {
    return this.bounds.admit(caller.owner, scope, now);
  }

  /**
   * Starts an upload: a sample's audio (a fresh key, landing at its staging key) or, given one, into
   * `destination`. The bounds are checked again with the row written: of uploads started at the same
   * moment, those that would pass a bound are undone, so no burst gets past them.
   */
  async start(
    caller: UploadCaller,
    contentType: string,
    destination?: UploadDestination & { uploadKey: string },
    declaredBytes: number | null = null,
  ): Promise<StartOutcome> {
    const scope = { projectId: destination?.projectId ?? null, maxBytes: destination?.maxBytes ?? this.options.maxBytes, declaredBytes };
    const refused = await this.admit(caller, scope);
    if (refused) return refused;
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
          declaredBytes,
          projectId: scope.projectId,
          createdAt: new Date().toISOString(),
        })
        .execute();
    } catch (error) {
      await this.store.multipart.abort(key, uploadId);
      throw error;
    }
    const overtaken = await this.bounds.overBounds(caller.owner, scope.projectId, { count: 0, bytes: 0 });
    if (overtaken) {
      await this.db.deleteFrom('multipartUploads').where('uploadId', '=', uploadId).execute();
      await this.store.multipart.abort(key, uploadId);
      return overtaken;
    }
    return { kind: 'started', ref: { key, uploadId } };
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

  /**
   * Completions running in this process, by upload id. A Resume pressed while the paused completion
   * is still joining sends its listing and its completion beside it: they wait for the join and then
   * read the marked row, instead of seeing the parts half removed (decision 078).
   */
  private readonly joining = new Map<string, Promise<CompleteOutcome>>();

  private async afterJoin(uploadId: string): Promise<void> {
    await this.joining.get(uploadId)?.catch(() => undefined);
  }

  async listParts(caller: UploadCaller, ref: UploadRef): Promise<UploadedPart[] | null> {
    await this.afterJoin(ref.uploadId);
    const row = await this.find(caller, ref);
    if (!row) return null;
    // Joined already (the answer to the completion was lost to a pause or a reload): every part is there.
    if (row.completedParts) return JSON.parse(row.completedParts) as ListedParts;
    return this.store.multipart.listParts(ref.key, ref.uploadId);
  }

  /**
   * A part's upload URL. With the part's MD5 (base64) the PUT must carry it as Content-MD5, and the store
   * refuses bytes that do not match: the check that what is stored is what the browser read from the file.
   * Only the parts its declared size (or else its limit) can need are signed: in S3 the parts go
   * straight to the bucket, and this is where their number is bounded (decision 083).
   */
  async signPart(caller: UploadCaller, ref: UploadRef, partNumber: number, contentMd5?: string): Promise<SignOutcome> {
    const row = await this.find(caller, ref);
    if (!row) return { kind: 'not-found' };
    const bytes = row.declaredBytes ?? row.maxBytes ?? this.options.maxBytes;
    const maxParts = maxPartsFor(bytes);
    if (partNumber > maxParts) return { kind: 'beyond-declared', maxParts, declaredBytes: bytes };
    await touchUpload(this.db, ref.uploadId);
    const url = await this.store.multipart.partUploadUrl(ref.key, ref.uploadId, partNumber, UPLOAD_GRANT_SECONDS, contentMd5);
    return { kind: 'signed', url, expires: UPLOAD_GRANT_SECONDS, ...(contentMd5 ? { headers: { 'Content-MD5': contentMd5 } } : {}) };
  }

  /**
   * Joins the parts into the object, once. The row stays, marked with the parts joined, so a
   * completion retried after a pause, a lost answer or a reload answers the same location (and the
   * registration that follows finds the same file) instead of "No such upload".
   */
  complete(caller: UploadCaller, ref: UploadRef, input: CompleteMultipartInput): Promise<CompleteOutcome> {
    const running = this.afterJoin(ref.uploadId).then(() => this.joinOnce(caller, ref, input));
    this.joining.set(ref.uploadId, running);
    const forget = () => {
      if (this.joining.get(ref.uploadId) === running) this.joining.delete(ref.uploadId);
    };
    running.then(forget, forget);
    return running;
  }

  private async joinOnce(caller: UploadCaller, ref: UploadRef, input: CompleteMultipartInput): Promise<CompleteOutcome> {
    const row = await this.find(caller, ref);
    if (!row) return { kind: 'not-found' };
    const completed = { kind: 'completed' as const, location: `/objects/${ref.key}` };
    if (row.completedParts) return completed;
    const stored = await this.store.multipart.listParts(ref.key, ref.uploadId);
    if (!stored) return (await this.markJoined(ref, input)) ? completed : { kind: 'not-found' };
    // In S3 nothing saw the parts' bytes on the way: the total is held to the declared size here.
    const checked = checkParts(input, stored, Math.min(row.maxBytes ?? this.options.maxBytes, row.declaredBytes ?? Infinity));
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

  /** The local store's part PUT (receive-part.ts). */
  receivePart(
    uploadId: string,
    partNumber: number,
    grant: { expires: unknown; signature: unknown },
    body: Readable,
    declaredLength: number | null,
    contentMd5?: string,
  ): Promise<PartUploadOutcome> {
    const parts = { db: this.db, store: this.store, options: this.options };
    return receivePart(parts, uploadId, partNumber, grant, body, declaredLength, contentMd5);
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
