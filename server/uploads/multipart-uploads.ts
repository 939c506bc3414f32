import type { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
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
import {
  IDLE_UPLOAD_MS,
  MAX_OPEN_BYTES_PER_CALLER,
  MAX_OPEN_BYTES_PER_PROJECT,
  MAX_OPEN_UPLOADS_PER_CALLER,
  MAX_OPEN_UPLOADS_PER_PROJECT,
  maxPartsFor,
} from './open-upload-limits.ts';
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
  /** The project it goes into, whose open uploads are bounded together (decision 083). */
  projectId: number;
}

/** What an upload about to start is counted as: its project (none for a sample's audio), its limit, its declared size. */
export interface UploadScope {
  projectId: number | null;
  maxBytes: number;
  declaredBytes: number | null;
}

/** Why an upload may not start: larger than its limit, or its caller or project holds too much unfinished. */
export type StartRefusal =
  | { kind: 'too-large'; maxBytes: number }
  | { kind: 'too-many-open'; of: 'caller' | 'project'; limit: number }
  | { kind: 'too-many-bytes'; of: 'caller' | 'project'; limitBytes: number };

export type StartOutcome = { kind: 'started'; ref: UploadRef } | StartRefusal;

export type SignOutcome =
  | { kind: 'signed'; url: string; expires: number; headers?: Record<string, string> }
  | { kind: 'not-found' }
  | { kind: 'beyond-declared'; maxParts: number; declaredBytes: number };

export type PartUploadOutcome =
  | { kind: 'stored'; etag: string }
  | { kind: 'not-found' }
  | { kind: 'invalid-grant' }
  | { kind: 'expired-grant' }
  | { kind: 'too-large'; maxBytes: number }
  | { kind: 'beyond-declared'; declaredBytes: number }
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

  /**
   * Whether `caller` may start an upload of `scope` now: its declared size within its limit, and its
   * caller and project under their bounds of open uploads and of their bytes. At a bound, their
   * idle uploads are aborted first to make room. Asked before anything is reserved.
   */
  async admit(caller: UploadCaller, scope: UploadScope, now = Date.now()): Promise<StartRefusal | null> {
    if (scope.declaredBytes !== null && scope.declaredBytes > scope.maxBytes) return { kind: 'too-large', maxBytes: scope.maxBytes };
    const mine = { count: 1, bytes: scope.declaredBytes ?? scope.maxBytes };
    const refusal = await this.overBounds(caller.owner, scope.projectId, mine);
    if (!refusal || (await this.reclaimIdle(caller.owner, scope.projectId, now)) === 0) return refusal;
    return this.overBounds(caller.owner, scope.projectId, mine);
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
    const overtaken = await this.overBounds(caller.owner, scope.projectId, { count: 0, bytes: 0 });
    if (overtaken) {
      await this.db.deleteFrom('multipartUploads').where('uploadId', '=', uploadId).execute();
      await this.store.multipart.abort(key, uploadId);
      return overtaken;
    }
    return { kind: 'started', ref: { key, uploadId } };
  }

  /** The first bound that the open uploads of `owner` and of `projectId`, with `extra` added, pass; null within all. */
  private async overBounds(owner: string, projectId: number | null, extra: { count: number; bytes: number }): Promise<StartRefusal | null> {
    const mine = await this.openTotals('owner', owner);
    if (mine.count + extra.count > MAX_OPEN_UPLOADS_PER_CALLER)
      return { kind: 'too-many-open', of: 'caller', limit: MAX_OPEN_UPLOADS_PER_CALLER };
    if (mine.bytes + extra.bytes > MAX_OPEN_BYTES_PER_CALLER)
      return { kind: 'too-many-bytes', of: 'caller', limitBytes: MAX_OPEN_BYTES_PER_CALLER };
    if (projectId === null) return null;
    const project = await this.openTotals('projectId', projectId);
    if (project.count + extra.count > MAX_OPEN_UPLOADS_PER_PROJECT)
      return { kind: 'too-many-open', of: 'project', limit: MAX_OPEN_UPLOADS_PER_PROJECT };
    if (project.bytes + extra.bytes > MAX_OPEN_BYTES_PER_PROJECT)
      return { kind: 'too-many-bytes', of: 'project', limitBytes: MAX_OPEN_BYTES_PER_PROJECT };
    return null;
  }

  /** How many uploads are open (neither joined nor aborted) for an owner or a project, and their bytes (declared, or else their limit). */
  private async openTotals(column: 'owner' | 'projectId', value: string | number): Promise<{ count: number; bytes: number }> {
    const row = await this.db
      .selectFrom('multipartUploads')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        sql<number | string>`coalesce(sum(coalesce(declared_bytes, max_bytes, ${this.options.maxBytes})), 0)`.as('bytes'),
      ])
      .where(column, '=', value)
      .where('completedParts', 'is', null)
      .executeTakeFirstOrThrow();
    // PostgreSQL sums a bigint column as numeric, which arrives as text.
    return { count: Number(row.count), bytes: Number(row.bytes) };
  }

  /**
   * Aborts the open uploads of `owner`, or of `projectId`, with nothing signed or received for
   * IDLE_UPLOAD_MS: called only at a bound, so a caller who closed a tab mid-upload is not shut out
   * until the daily sweep. Answers how many went.
   */
  private async reclaimIdle(owner: string, projectId: number | null, now: number): Promise<number> {
    const cutoff = new Date(now - IDLE_UPLOAD_MS).toISOString();
    const idle = await this.db
      .selectFrom('multipartUploads')
      .select(['uploadId', 'objectKey'])
      .where('completedParts', 'is', null)
      .where((eb) => eb.or([eb('owner', '=', owner), ...(projectId === null ? [] : [eb('projectId', '=', projectId)])]))
      .where((eb) => eb.fn.coalesce('touchedAt', 'createdAt'), '<', cutoff)
      .execute();
    for (const { uploadId, objectKey } of idle) {
      await this.store.multipart.abort(objectKey, uploadId);
      await this.db.deleteFrom('multipartUploads').where('uploadId', '=', uploadId).execute();
    }
    return idle.length;
  }

  /** Notes that an open upload moved (a part signed or received): it is not idle. */
  private async touch(uploadId: string): Promise<void> {
    await this.db
      .updateTable('multipartUploads')
      .set({ touchedAt: new Date().toISOString() })
      .where('uploadId', '=', uploadId)
      .where('completedParts', 'is', null)
      .execute();
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
   * Only the parts its declared size (or else its limit) can need are signed: in S3 the parts go
   * straight to the bucket, and this is where their number is bounded (decision 083).
   */
  async signPart(caller: UploadCaller, ref: UploadRef, partNumber: number, contentMd5?: string): Promise<SignOutcome> {
    const row = await this.find(caller, ref);
    if (!row) return { kind: 'not-found' };
    const bytes = row.declaredBytes ?? row.maxBytes ?? this.options.maxBytes;
    const maxParts = maxPartsFor(bytes);
    if (partNumber > maxParts) return { kind: 'beyond-declared', maxParts, declaredBytes: bytes };
    await this.touch(ref.uploadId);
    const url = await this.store.multipart.partUploadUrl(ref.key, ref.uploadId, partNumber, UPLOAD_GRANT_SECONDS, contentMd5);
    return { kind: 'signed', url, expires: UPLOAD_GRANT_SECONDS, ...(contentMd5 ? { headers: { 'Content-MD5': contentMd5 } } : {}) };
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
      .select(['maxBytes', 'declaredBytes', 'uploadKey', 'objectKey'])
      .where('uploadId', '=', uploadId)
      .executeTakeFirst();
    if (!row) return { kind: 'not-found' };
    const maxBytes = row.maxBytes ?? this.options.maxBytes;
    if (declaredLength !== null && declaredLength > maxBytes) return { kind: 'too-large', maxBytes };
    // The running total: the other parts already stored, and this one, stay within the declared size
    // (a part sent again replaces its earlier self, so it is not counted twice) and the limit.
    const others = ((await this.store.multipart.listParts(row.objectKey, uploadId)) ?? [])
      .filter((part) => part.partNumber !== partNumber)
      .reduce((sum, part) => sum + part.size, 0);
    const declared = row.declaredBytes;
    const room = Math.max(0, Math.min(maxBytes, declared ?? Infinity) - others);
    const beyond = (): PartUploadOutcome =>
      declared !== null && declared < maxBytes ? { kind: 'beyond-declared', declaredBytes: declared } : { kind: 'too-large', maxBytes };
    if (declaredLength !== null && declaredLength > room) return beyond();
    await this.touch(uploadId);
    const head = partNumber === 1 && this.options.checkFirstBytes ? firstBytesOf(body) : null;
    try {
      const part = await receiver.receivePart(uploadId, partNumber, head?.stream ?? body, room, contentMd5);
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
      if (error instanceof UploadTooLargeError) return beyond();
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
