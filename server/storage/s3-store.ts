import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ByteRange, MultipartUploads, ObjectInfo, ObjectStore, StoredObject } from './object-store.ts';
import { S3MultipartUploads } from './s3-multipart.ts';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  /**
   * Where browsers reach the bucket, when not at `endpoint` (compose.yaml: the server talks to
   * http://seaweedfs:8333 on its network, browsers to http://localhost:8333 or the site's own host).
   * Only the URLs handed to browsers are signed for it; no request of the server's goes there.
   */
  publicEndpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/**
 * An S3-compatible bucket. The browser PUTs to a presigned URL; reads stream through this server
 * (with the Range forwarded), so the bucket stays private and seeking works the same as locally.
 */
export class S3ObjectStore implements ObjectStore {
  /** The browser PUTs straight to the bucket. */
  readonly directUploads = null;
  readonly multipart: MultipartUploads;
  private readonly client: S3Client;
  /** Signs the browsers' URLs; the same client unless the bucket has a public endpoint of its own. */
  private readonly signer: S3Client;

  constructor(private readonly options: S3StoreOptions) {
    this.client = S3ObjectStore.clientFor(options, options.endpoint);
    this.signer = options.publicEndpoint ? S3ObjectStore.clientFor(options, options.publicEndpoint) : this.client;
    this.multipart = new S3MultipartUploads(this.client, this.signer, options.bucket);
  }

  private static clientFor(options: S3StoreOptions, endpoint: string | undefined): S3Client {
    return new S3Client({
      region: options.region,
      endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // A bucket that stops answering must not hold a request forever: idle limits, not total ones
      // (a long object streamed to a slow listener is fine while bytes move).
      requestHandler: { connectionTimeout: 10_000, socketTimeout: 60_000 },
      // Presigned PUTs carry no checksum the browser could compute; keep requests plain.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  createUploadUrl(key: string, expiresInSeconds: number): Promise<string> {
    return getSignedUrl(this.signer, new PutObjectCommand({ Bucket: this.options.bucket, Key: key }), { expiresIn: expiresInSeconds });
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return {
        size: head.ContentLength ?? 0,
        lastModified: head.LastModified ?? new Date(0),
        etag: head.ETag ?? `"${(head.ContentLength ?? 0).toString(16)}"`,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const result = await this.client.send(
      new GetObjectCommand({ Bucket: this.options.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    if (!result.Body) throw new Error(`empty body for object ${key}`);
    return result.Body as Readable;
  }

  async write(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  /** The length is sent up front, so the SDK streams the body instead of buffering it. */
  async writeStream(key: string, body: Readable, size: number, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentLength: size, ContentType: contentType }),
    );
  }

  async *list(prefix?: string): AsyncIterable<StoredObject> {
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix || undefined, ContinuationToken: continuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  /**
   * A copy inside the bucket (no bytes pass through this server), then the source is deleted. The
   * copy is taken of the source as it is at that moment: callers check the copy, not the source.
   */
  async move(from: string, to: string): Promise<void> {
    const source = `${this.options.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
    await this.client.send(new CopyObjectCommand({ Bucket: this.options.bucket, Key: to, CopySource: source, MetadataDirective: 'COPY' }));
    await this.delete(from);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  /** Decoders need a file: the object is copied to a temporary folder for the length of `work`. */
  async withLocalFile<T>(key: string, work: (filePath: string) => Promise<T>): Promise<T> {
    const folder = await mkdtemp(path.join(tmpdir(), 'studio-object-'));
    try {
      const file = path.join(folder, 'object');
      await pipeline(await this.read(key), createWriteStream(file));
      return await work(file);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** HEAD of the bucket: reachable, there, and these credentials may use it. */
  async checkReady(timeoutMs: number): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }), { abortSignal: AbortSignal.timeout(timeoutMs) });
  }

  close(): void {
    this.client.destroy();
    if (this.signer !== this.client) this.signer.destroy();
  }
}
