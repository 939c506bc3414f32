import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { startTestS3, type TestS3 } from '#server/test-support/s3-server.ts';
import { createObjectStore } from './create-store.ts';
import type { ObjectStore } from './object-store.ts';

const BUCKET = 'studio-audio';
/** Nothing answers here: a server call that went to it would fail. */
const PUBLIC = 'https://files.studio.invalid';

describe('a bucket with a public endpoint (S3_PUBLIC_ENDPOINT)', () => {
  let s3: TestS3;
  let store: ObjectStore;
  let internal: URL;
  let config: ReturnType<typeof loadConfig>;
  beforeAll(async () => {
    s3 = await startTestS3([BUCKET]);
    const env = s3.env(BUCKET);
    internal = new URL(env.S3_ENDPOINT!);
    config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'studio-s3-')), ...env, S3_PUBLIC_ENDPOINT: PUBLIC });
    store = createObjectStore(config);
  });
  afterAll(async () => {
    store.close();
    await s3.close();
  });

  it("signs the browsers' upload URLs for the public address, the Host header included", async () => {
    const single = new URL(await store.createUploadUrl('staging/one', 60));
    const uploadId = await store.multipart.create('staging/two', 'audio/wav');
    const part = new URL(await store.multipart.partUploadUrl('staging/two', uploadId, 1, 60, '1B2M2Y8AsgTpgAmY7PhCfg=='));
    for (const url of [single, part]) {
      expect(url.origin).toBe(PUBLIC);
      expect(url.pathname.startsWith(`/${BUCKET}/staging/`)).toBe(true);
      // The proxy in front of the bucket must pass Host on unchanged (docs/deploy.md).
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('host');
    }
  });

  it('makes its own calls to the internal endpoint: the public one is never contacted', async () => {
    await store.checkReady(2_000);
    await store.write('uploads/server-side', Buffer.from('written by the server'), 'text/plain');
    expect((await store.stat('uploads/server-side'))?.size).toBe(21);
  });

  it('without it, signs for the one endpoint, as before', async () => {
    const plain = createObjectStore({ ...config, S3_PUBLIC_ENDPOINT: undefined });
    try {
      expect(new URL(await plain.createUploadUrl('staging/x', 60)).origin).toBe(internal.origin);
    } finally {
      plain.close();
    }
  });
});
