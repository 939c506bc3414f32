import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { addListPartsAndAbort } from './s3-multipart-gaps.ts';

export interface TestS3 {
  /** The environment that points a test app's store at one of the buckets. */
  env(bucket: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * The bucket CORS a browser upload needs (docs/deploy.md): PUT from the site, and the ETag header
 * readable by the page, since the uploader sends each part's ETag back at completion.
 */
export const UPLOAD_CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod>
<AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader>
<MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

/** A real S3-compatible server (s3rver) on loopback, in a temporary folder, with the given buckets. */
export async function startTestS3(buckets: string[]): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'studio-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [UPLOAD_CORS] })),
  });
  addListPartsAndAbort(server as unknown as Parameters<typeof addListPartsAndAbort>[0]);
  const { port } = await server.run();
  return {
    env: (bucket) => ({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
