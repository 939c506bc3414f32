import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LocalMultipartUploads } from './local-multipart.ts';
import { checkPartGrant, checkUploadGrant, signUploadGrant } from './local-upload-grant.ts';
import {
  UploadTooLargeError,
  type ByteRange,
  type DirectUploadReceiver,
  type MultipartUploads,
  type ObjectInfo,
  type ObjectStore,
  type StoredObject,
} from './object-store.ts';

/** A file being written: readers and listings never see it until it is renamed into place. */
const PARTIAL_SUFFIX = '.part';

/**
 * Objects as files under DATA_DIR/objects; uploads come back to this server's own PUT routes. Parts of
 * multipart uploads wait in a folder beside it (DATA_DIR/multipart), so no listing or backup sees them.
 */
export class LocalObjectStore implements ObjectStore {
  readonly directUploads: DirectUploadReceiver;
  readonly multipart: MultipartUploads;

  constructor(
    readonly root: string,
    private readonly secret: string,
    multipartRoot = path.join(path.dirname(root), 'multipart'),
  ) {
    const multipart = new LocalMultipartUploads(multipartRoot, secret, (key, body, size, contentType) =>
      this.writeStream(key, body, size, contentType),
    );
    this.multipart = multipart;
    this.directUploads = {
      checkGrant: (key, expires, signature) => checkUploadGrant(this.secret, key, expires, signature),
      receive: (key, body, maxBytes) => this.receive(key, body, maxBytes),
      checkPartGrant: (uploadId, partNumber, expires, signature, contentMd5) =>
        checkPartGrant(this.secret, uploadId, partNumber, expires, signature, contentMd5),
      receivePart: (uploadId, partNumber, body, maxBytes, contentMd5) =>
        multipart.receivePart(uploadId, partNumber, body, maxBytes, contentMd5),
    };
  }

  private filePath(key: string): string {
    const resolved = path.resolve(this.root, key);
    // Keys are server-made, but a path must never leave the store whatever it is given.
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`object key escapes the store: ${key}`);
    return resolved;
  }

  async createUploadUrl(key: string, expiresInSeconds: number): Promise<string> {
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const signature = signUploadGrant(this.secret, key, expires);
    // Relative on purpose: the browser PUTs to the origin it is on, whatever PUBLIC_URL says.
    return `/objects/${key}?expires=${expires}&signature=${signature}`;
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const info = await stat(this.filePath(key));
      if (!info.isFile()) return null;
      return {
        size: info.size,
        lastModified: info.mtime,
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.filePath(key), range ? { start: range.start, end: range.end } : {});
  }

  async write(key: string, body: Buffer): Promise<void> {
    const file = this.filePath(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body, { flush: true });
  }

  private receive(key: string, body: Readable, maxBytes: number): Promise<number> {
    return this.streamToFile(key, body, maxBytes, () => new UploadTooLargeError('upload exceeds the size limit'));
  }

  async writeStream(key: string, body: Readable, size: number, _contentType?: string): Promise<void> {
    const tooLong = () => new Error(`object ${key} is longer than its declared ${size} bytes`);
    await this.streamToFile(key, body, size, tooLong, (count) =>
      count === size ? null : new Error(`object ${key} ended after ${count} of its declared ${size} bytes`),
    );
  }

  /**
   * Streams a body to disk (never whole in memory) through a byte counter. Writes to a temporary
   * name, flushes to disk and only then renames, so a reader never sees half a file.
   */
  private async streamToFile(
    key: string,
    body: Readable,
    maxBytes: number,
    tooLarge: () => Error,
    checkComplete: (received: number) => Error | null = () => null,
  ): Promise<number> {
    const file = this.filePath(key);
    const partial = `${file}${PARTIAL_SUFFIX}`;
    await mkdir(path.dirname(file), { recursive: true });
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        if (received > maxBytes) callback(tooLarge());
        else callback(null, chunk);
      },
      flush(callback) {
        callback(checkComplete(received));
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(partial));
      const handle = await open(partial, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(partial, file);
      return received;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async *list(prefix = ''): AsyncIterable<StoredObject> {
    // A prefix naming a folder (`staging/`) is listed from that folder, not from the whole store.
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    for await (const object of this.listFolder(folder ? this.filePath(folder) : this.root, folder, true)) {
      if (object.key.startsWith(prefix)) yield object;
    }
  }

  /** A rename: atomic, so a reader sees the whole object under one key or the other. */
  async move(from: string, to: string): Promise<void> {
    const target = this.filePath(to);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(this.filePath(from), target);
  }

  private async *listFolder(folder: string, prefix: string, top = false): AsyncIterable<StoredObject> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      // No folder yet: nothing has been stored there.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && top) return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = `${prefix}${entry.name}`;
      if (entry.isDirectory()) yield* this.listFolder(path.join(folder, entry.name), `${key}/`);
      else if (entry.isFile() && !entry.name.endsWith(PARTIAL_SUFFIX)) {
        yield { key, size: (await stat(path.join(folder, entry.name))).size };
      }
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.filePath(key), { force: true });
    await rm(`${this.filePath(key)}${PARTIAL_SUFFIX}`, { force: true });
  }

  /**
   * A few bytes written, flushed and removed: a full disk, a quota used up or a read-only mount fails
   * here. Named like a file being written, so no listing or backup ever sees it.
   */
  async checkReady(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    const probe = path.join(this.root, `.ready-${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`);
    try {
      await writeFile(probe, 'ready', { flush: true });
    } finally {
      await rm(probe, { force: true });
    }
  }

  /** The stored file itself: nothing to copy. */
  withLocalFile<T>(key: string, work: (filePath: string) => Promise<T>): Promise<T> {
    return work(this.filePath(key));
  }

  close(): void {}
}
