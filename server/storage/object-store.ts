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

/**
 * How a store that hands out upload URLs pointing back at this server (the local folder) takes the
 * upload in. A bucket receives uploads itself and has none.
 */
export interface DirectUploadReceiver {
  /** Checks the signature and expiry that the store's own upload URL carries. */
  checkGrant(key: string, expires: unknown, signature: unknown): GrantCheck;
  /** Streams a body in, never whole in memory; throws UploadTooLargeError past `maxBytes`. Answers the size. */
  receive(key: string, body: Readable, maxBytes: number): Promise<number>;
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
  /** Releases connections (shutdown). */
  close(): void;
}

/** How long an upload URL works. */
export const UPLOAD_GRANT_SECONDS = 15 * 60;
