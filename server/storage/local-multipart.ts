import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { signPartGrant } from './local-upload-grant.ts';
import {
  PartDigestMismatchError,
  UploadTooLargeError,
  type CompletedPart,
  type MultipartUploads,
  type UploadedPart,
} from './object-store.ts';

/** Upload ids are made here; anything else is never turned into a path. */
const UPLOAD_ID = /^[A-Za-z0-9_-]{24}$/;
/** A received part: `{partNumber}.{md5}`, so the listing needs no second file per part. */
const PART_FILE = /^(\d{1,5})\.([0-9a-f]{32})$/;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

async function flushToDisk(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

type WriteObject = (key: string, body: Readable, size: number, contentType: string) => Promise<void>;

/**
 * The multipart protocol for the local folder. Each upload is a folder of its own, outside the object
 * store's folder (listings and backups never see parts): a `key` file naming the object it completes
 * into, and one file per part. Completion streams the parts, in order, into the store.
 */
export class LocalMultipartUploads implements MultipartUploads {
  constructor(
    private readonly root: string,
    private readonly secret: string,
    private readonly writeObject: WriteObject,
  ) {}

  private folderOf(uploadId: string): string | null {
    return UPLOAD_ID.test(uploadId) ? path.join(this.root, uploadId) : null;
  }

  async create(key: string): Promise<string> {
    const uploadId = randomBytes(18).toString('base64url');
    const folder = path.join(this.root, uploadId);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'key'), key, { flush: true });
    return uploadId;
  }

  async partUploadUrl(_key: string, uploadId: string, partNumber: number, expiresInSeconds: number, contentMd5?: string): Promise<string> {
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const signature = signPartGrant(this.secret, uploadId, partNumber, expires, contentMd5);
    // Relative, like the single-PUT grant: the browser sends it to the origin it is on.
    return `/objects/multipart/${uploadId}/${partNumber}?expires=${expires}&signature=${signature}`;
  }

  /** The upload's folder when it exists and completes into `key`. */
  private async folderFor(key: string, uploadId: string): Promise<string | null> {
    const folder = this.folderOf(uploadId);
    if (!folder) return null;
    try {
      return (await readFile(path.join(folder, 'key'), 'utf8')) === key ? folder : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[] | null> {
    const folder = await this.folderFor(key, uploadId);
    return folder ? (await this.partsIn(folder)).map(({ partNumber, size, etag }) => ({ partNumber, size, etag })) : null;
  }

  private async partsIn(folder: string): Promise<(UploadedPart & { file: string })[]> {
    const newest = new Map<number, UploadedPart & { file: string; mtimeMs: number }>();
    for (const name of await readdir(folder)) {
      const match = PART_FILE.exec(name);
      if (!match) continue;
      const file = path.join(folder, name);
      const info = await stat(file).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));
      if (!info) continue;
      const partNumber = Number(match[1]);
      const seen = newest.get(partNumber);
      // Two PUTs of one part at once leave two files for a moment: the later one is the part.
      if (!seen || info.mtimeMs > seen.mtimeMs) {
        newest.set(partNumber, { partNumber, size: info.size, etag: `"${match[2]}"`, file, mtimeMs: info.mtimeMs });
      }
    }
    return [...newest.values()].sort((a, b) => a.partNumber - b.partNumber);
  }

  /**
   * Streams a part to a temporary file while hashing it, then renames it to `{n}.{md5}` and removes
   * what an earlier PUT of the same part left. Null when the upload is gone.
   */
  async receivePart(
    uploadId: string,
    partNumber: number,
    body: Readable,
    maxBytes: number,
    contentMd5?: string,
  ): Promise<UploadedPart | null> {
    const folder = this.folderOf(uploadId);
    if (!folder) return null;
    const temporary = path.join(folder, `${partNumber}.${randomBytes(8).toString('hex')}.part`);
    const hash = createHash('md5');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) return callback(new UploadTooLargeError('part exceeds the size limit'));
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(temporary, { flags: 'wx' }));
      const digest = hash.digest();
      // As a bucket does with Content-MD5: a part damaged on the way is refused, and the uploader sends it again.
      if (contentMd5 !== undefined && digest.toString('base64') !== contentMd5) throw new PartDigestMismatchError('Content-MD5 mismatch');
      await flushToDisk(temporary);
      const md5 = digest.toString('hex');
      const name = `${partNumber}.${md5}`;
      await rename(temporary, path.join(folder, name));
      for (const other of await readdir(folder)) {
        if (other !== name && PART_FILE.exec(other)?.[1] === String(partNumber)) await rm(path.join(folder, other), { force: true });
      }
      return { partNumber, size, etag: `"${md5}"` };
    } catch (error) {
      await rm(temporary, { force: true });
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async complete(key: string, uploadId: string, parts: CompletedPart[], contentType: string): Promise<void> {
    const folder = await this.folderFor(key, uploadId);
    if (!folder) throw new Error(`no multipart upload ${uploadId} for ${key}`);
    const stored = new Map((await this.partsIn(folder)).map((part) => [part.partNumber, part]));
    const chosen = [...parts]
      .sort((a, b) => a.partNumber - b.partNumber)
      .map((part) => {
        const found = stored.get(part.partNumber);
        if (!found || found.etag !== part.etag) throw new Error(`part ${part.partNumber} of upload ${uploadId} is not as named`);
        return found;
      });
    const size = chosen.reduce((sum, part) => sum + part.size, 0);
    async function* joined() {
      for (const part of chosen) yield* createReadStream(part.file);
    }
    await this.writeObject(key, Readable.from(joined(), { objectMode: false }), size, contentType);
    // The key file first: from that moment the upload lists as gone, never as some of its parts.
    await rm(path.join(folder, 'key'), { force: true });
    await rm(folder, { recursive: true, force: true });
  }

  async abort(_key: string, uploadId: string): Promise<void> {
    const folder = this.folderOf(uploadId);
    if (folder) await rm(folder, { recursive: true, force: true });
  }
}
