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

/**
 * Where uploaded audio lives. Keys are server-made ("uploads/{uuid}"); callers never pass a path
 * from a request. Both implementations hand out a URL the browser PUTs the file to directly.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** A URL for one PUT of `key`, valid for `expiresInSeconds`. */
  createUploadUrl(key: string, expiresInSeconds: number): Promise<string>;
  stat(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes, or one range of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Writes a whole object from the server itself (demo seed, tests). */
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
}

export const UPLOAD_GRANT_SECONDS = 15 * 60;

export const storageKey = (uploadKey: string) => `uploads/${uploadKey}`;
