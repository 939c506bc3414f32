import type { Readable } from 'node:stream';

export interface ObjectInfo {
  size: number;
  lastModified: Date;
  /** Strong validator, quoted as HTTP wants it. */
  etag: string;
}

export interface ByteRange {
  start: number;
  /** Inclusive, as in HTTP. */
  end: number;
}

export type GrantCheck = 'valid' | 'expired' | 'invalid';

/** One entry of a store's listing. */
export interface StoredObject {
  key: string;
  size: number;
}

/** A body that passed the store's size limit while streaming in. */
export class UploadTooLargeError extends Error {}

/** A part whose bytes do not hash to the Content-MD5 its uploader declared (damaged on the way). */
export class PartDigestMismatchError extends Error {}

/** A part of a multipart upload as the store holds it. */
export interface UploadedPart {
  partNumber: number;
  size: number;
  /** Quoted, as the part's PUT answered it. */
  etag: string;
}

/** A part as a completion names it. */
export interface CompletedPart {
  partNumber: number;
  etag: string;
}

/**
 * S3's multipart upload, spoken by both drivers: a bucket does it itself (presigned part URLs), the
 * local folder keeps the parts in a folder of its own until completion joins them.
 */
export interface MultipartUploads {
  /** Starts a multipart upload whose completion writes `key`; answers the store's upload id. */
  create(key: string, contentType: string): Promise<string>;
  /**
   * A URL for one PUT of one part, valid for `expiresInSeconds`; the PUT answers the part's ETag header.
   * With `contentMd5` (base64, as the Content-MD5 header carries it) the PUT must send that header and
   * the store refuses a body whose MD5 differs: the bytes stored are the bytes the uploader hashed.
   */
  partUploadUrl(key: string, uploadId: string, partNumber: number, expiresInSeconds: number, contentMd5?: string): Promise<string>;
  /** The parts received so far, by part number; null when the store has no such upload for `key`. */
  listParts(key: string, uploadId: string): Promise<UploadedPart[] | null>;
  /** Joins the given parts, in order, into the object `key` (never whole in memory); the upload is gone afterwards. */
  complete(key: string, uploadId: string, parts: CompletedPart[], contentType: string): Promise<void>;
  /** Removes the upload and every part of it; an upload already gone is fine. */
  abort(key: string, uploadId: string): Promise<void>;
}

/**
 * How a store that hands out upload URLs pointing back at this server (the local folder) takes the
 * upload in. A bucket receives uploads itself and has none.
 */
export interface DirectUploadReceiver {
  /** Checks the signature and expiry that the store's own upload URL carries. */
  checkGrant(key: string, expires: unknown, signature: unknown): GrantCheck;
  /** Streams a body in, never whole in memory; throws UploadTooLargeError past `maxBytes`. Answers the size. */
  receive(key: string, body: Readable, maxBytes: number): Promise<number>;
  /** Checks the signature and expiry of a part's upload URL, and the Content-MD5 it was signed with (if any). */
  checkPartGrant(uploadId: string, partNumber: number, expires: unknown, signature: unknown, contentMd5?: string): GrantCheck;
  /**
   * Streams one part in, like `receive`; a part sent again replaces the earlier one. Answers null when
   * the upload does not exist (completed or aborted meanwhile).
   */
  receivePart(uploadId: string, partNumber: number, body: Readable, maxBytes: number, contentMd5?: string): Promise<UploadedPart | null>;
}

/**
 * Where uploaded files live: a local folder or an S3-compatible bucket. Keys are server-made
 * (`uploads/{uuid}`, see common/object-keys.ts); callers never pass a path from a request. No caller
 * needs to know which driver it has: what differs is answered here.
 */
export interface ObjectStore {
  /** A URL for one PUT of `key`, valid for `expiresInSeconds`. */
  createUploadUrl(key: string, expiresInSeconds: number): Promise<string>;
  /** Set when the upload URLs point at this server, which must then receive the PUT itself. */
  readonly directUploads: DirectUploadReceiver | null;
  readonly multipart: MultipartUploads;
  stat(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes, or one range of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Writes a whole object from the server itself (demo seed, tests). */
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Writes an object of known length from a stream, never whole in memory (restores). A body longer
   * or shorter than `size` fails and leaves no object.
   */
  writeStream(key: string, body: Readable, size: number, contentType: string): Promise<void>;
  /** Every stored object, or those whose key starts with `prefix`; unfinished uploads are not objects yet (backups, sweeps). */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /**
   * Moves an object to another key, replacing what was there; afterwards `from` no longer exists.
   * Registration moves an upload out of its staging key, where its upload URL can no longer reach it.
   */
  move(from: string, to: string): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Runs `work` with the object as a file on this machine (decoders want a path): the stored file
   * itself, or a temporary copy removed when `work` settles.
   */
  withLocalFile<T>(key: string, work: (filePath: string) => Promise<T>): Promise<T>;
  /**
   * Throws unless the store can take files right now: the folder takes a small write, or the bucket
   * answers HEAD within `timeoutMs`. Cheap, for readiness (server/storage/store-readiness.ts caches it).
   */
  checkReady(timeoutMs: number): Promise<void>;
  /** Releases connections (shutdown). */
  close(): void;
}

/** How long an upload URL works. */
export const UPLOAD_GRANT_SECONDS = 15 * 60;
