import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** The parts of s3rver (3.7) a test server needs: its Koa context and file store, loosely typed. */
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
interface S3rverLike {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * s3rver 3.7 stores multipart uploads but answers ListParts and AbortMultipartUpload with 405. These
 * two are added here, reading s3rver's own upload folders, so the tests drive the S3 driver through
 * the same calls a real bucket answers. Signatures are not checked (the tests' credentials are fixed).
 */
export function addListPartsAndAbort(server: S3rverLike): void {
  const handler = async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    if (typeof uploadId !== 'string' || !match || ctx.query.partNumber !== undefined || !['GET', 'DELETE'].includes(ctx.method)) {
      return next();
    }
    const [, bucket, encodedKey] = match;
    const key = decodeURIComponent(encodedKey);
    const folder = path.join(server.store.getResourcePath(bucket, undefined, 'uploads'), path.basename(uploadId));
    const storedKey = await readFile(path.join(folder, 'key'), 'utf8').catch(() => null);
    if (storedKey !== key) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>' +
        '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const parts: string[] = [];
    const numbers = (await readdir(folder)).filter((name) => /^\d+$/.test(name)).map(Number);
    for (const number of numbers.sort((a, b) => a - b)) {
      const [size, md5] = await Promise.all([
        stat(path.join(folder, String(number))).then((info) => info.size),
        readFile(path.join(folder, `${number}.md5`), 'utf8'),
      ]);
      parts.push(`<Part><PartNumber>${number}</PartNumber><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`);
    }
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key>` +
      `<UploadId>${xmlEscape(uploadId)}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
  // Before s3rver's router, the last middleware.
  server.middleware.splice(server.middleware.length - 1, 0, handler);
}
