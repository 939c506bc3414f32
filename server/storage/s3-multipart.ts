import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListPartsCommand,
  S3ServiceException,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { CompletedPart, MultipartUploads, UploadedPart } from './object-store.ts';

const isNoSuchUpload = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchUpload' || error.$metadata.httpStatusCode === 404);

/**
 * S3's own multipart upload: the browser PUTs each part to a presigned URL, the bucket keeps the
 * parts. `client` makes the server's calls; `signer` signs the browsers' URLs (the bucket's public
 * endpoint, which may differ from the one the server reaches).
 */
export class S3MultipartUploads implements MultipartUploads {
  constructor(
    private readonly client: S3Client,
    private readonly signer: S3Client,
    private readonly bucket: string,
  ) {}

  async create(key: string, contentType: string): Promise<string> {
    const result = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }));
    if (!result.UploadId) throw new Error(`the bucket started no multipart upload for ${key}`);
    return result.UploadId;
  }

  partUploadUrl(key: string, uploadId: string, partNumber: number, expiresInSeconds: number, contentMd5?: string): Promise<string> {
    const command = new UploadPartCommand({
      Bucket: this.bucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: partNumber,
      ...(contentMd5 ? { ContentMD5: contentMd5 } : {}),
    });
    // Content-MD5 is signed into the URL: the bucket checks the body against it and refuses a mismatch.
    return getSignedUrl(this.signer, command, {
      expiresIn: expiresInSeconds,
      ...(contentMd5 ? { signableHeaders: new Set(['content-md5']) } : {}),
    });
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[] | null> {
    const parts: UploadedPart[] = [];
    let marker: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
        );
        for (const part of page.Parts ?? []) {
          if (part.PartNumber && part.ETag) parts.push({ partNumber: part.PartNumber, size: part.Size ?? 0, etag: part.ETag });
        }
        marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (marker);
    } catch (error) {
      if (isNoSuchUpload(error)) return null;
      throw error;
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async complete(key: string, uploadId: string, parts: CompletedPart[]): Promise<void> {
    const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: ordered.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
      }),
    );
  }

  async abort(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      if (!isNoSuchUpload(error)) throw error;
    }
  }
}
