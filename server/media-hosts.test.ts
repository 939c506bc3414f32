import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { mediaOrigins } from './http/media-origins.ts';
import { createObjectStore } from './storage/create-store.ts';
import { createTestApp, type TestApp } from './test-support/app.ts';
import { startTestS3, type TestS3 } from './test-support/s3-server.ts';
import { allRows, uploadToAnyStore } from './test-support/site-fixture.ts';
import { testDialects } from './test-support/services.ts';
import { testWav } from './test-support/test-audio.ts';

const BUCKET = 'studio-audio';
const MEDIA_HOSTS = 'https://cdn.example.com,https://images.example.net';

/** The sources a CSP directive lists. */
function sources(csp: string, directive: string): string[] {
  const found = csp.split('; ').find((part) => part.startsWith(`${directive} `));
  return found ? found.split(' ').slice(1) : [];
}

describe('media origins follow the configured bucket', () => {
  const configWith = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'studio-media-')), PUBLIC_URL: 'https://studio.example.com', ...env });

  it.each([
    ['a path-style endpoint', { S3_ENDPOINT: 'https://s3.example.net', S3_FORCE_PATH_STYLE: 'true' }],
    ['a virtual-hosted endpoint', { S3_ENDPOINT: 'https://s3.example.net' }],
    ['AWS itself', { S3_REGION: 'eu-west-1' }],
    ['MinIO over plain http', { S3_ENDPOINT: 'http://minio.lan:9000', S3_FORCE_PATH_STYLE: 'true' }],
    // compose.yaml: the server reaches the bucket by a private name, browsers at the public address.
    [
      'a public endpoint',
      { S3_ENDPOINT: 'http://seaweedfs:8333', S3_PUBLIC_ENDPOINT: 'https://files.example.com', S3_FORCE_PATH_STYLE: 'true' },
    ],
    [
      "compose's laptop default",
      { S3_ENDPOINT: 'http://seaweedfs:8333', S3_PUBLIC_ENDPOINT: 'http://localhost:8333', S3_FORCE_PATH_STYLE: 'true' },
    ],
  ])('includes where the browser uploads with %s', async (_label, env) => {
    const config = configWith({ STORAGE_DRIVER: 's3', S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret', ...env });
    const uploadUrl = await createObjectStore(config).createUploadUrl('uploads/key', 60);
    expect(mediaOrigins(config)).toEqual(['https://studio.example.com', new URL(uploadUrl).origin]);
  });

  it('is this site and MEDIA_HOSTS with the local store', () => {
    expect(mediaOrigins(configWith({ MEDIA_HOSTS }))).toEqual([
      'https://studio.example.com',
      'https://cdn.example.com',
      'https://images.example.net',
    ]);
  });
});

describe.each(testDialects())('media hosts in the CSP and in sample URLs (%s)', (dialect) => {
  let s3: TestS3;
  let t: TestApp;
  let audioUrl: string;
  let existingId: number;
  beforeAll(async () => {
    s3 = await startTestS3([BUCKET]);
    t = await createTestApp(dialect, { asAdmin: true, env: { ...s3.env(BUCKET), MEDIA_HOSTS } });
    audioUrl = await uploadToAnyStore(t, testWav());
    existingId = ((await t.request.post('/api/samples').send({ title: 'Existing', audioUrl })).body as { id: number }).id;
    await t.services.samples.sampleAnalysis.idle();
  });
  afterAll(async () => {
    await t.services.samples.sampleAnalysis.idle();
    await t.close();
    await s3.close();
  });

  it('lists exactly this origin, the bucket (even over http) and MEDIA_HOSTS for images, media and connections', async () => {
    const csp = (await t.request.get('/healthz')).headers['content-security-policy'] as string;
    const bucket = s3.env(BUCKET).S3_ENDPOINT!;
    const listed = ['http://localhost:3000', bucket, 'https://cdn.example.com', 'https://images.example.net'];
    expect(sources(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', ...listed]);
    expect(sources(csp, 'media-src')).toEqual(["'self'", 'blob:', ...listed]);
    expect(sources(csp, 'connect-src')).toEqual(["'self'", ...listed]);
    expect(csp).not.toMatch(/ https:( |;|$)/);
    // The browser's upload goes to the presigned URL: its origin must be allowed.
    const { uploadURL } = (await t.request.post('/api/objects/upload')).body as { uploadURL: string };
    expect(sources(csp, 'connect-src')).toContain(new URL(uploadURL).origin);
  });

  const bad = [
    ['coverImageUrl', '//evil.example/x.jpg'],
    ['coverImageUrl', 'javascript:alert(1)'],
    ['coverImageUrl', 'data:image/png;base64,AAAA'],
    ['coverImageUrl', 'http://cdn.example.com/x.jpg'],
    ['coverImageUrl', 'https://evil.example/x.jpg'],
    ['coverImageUrl', 'https://user:pass@cdn.example.com/x.jpg'],
    ['coverImageUrl', '/images/../../etc/passwd'],
    ['coverImageUrl', '/\\evil.example/x.jpg'],
    ['audioUrl', '//evil.example/a.mp3'],
    ['audioUrl', 'javascript:alert(1)'],
    ['audioUrl', 'data:audio/mpeg;base64,AAAA'],
    ['audioUrl', 'https://evil.example/a.mp3'],
    ['audioUrl', 'https://cdn.example.com.evil.example/a.mp3'],
  ] as const;

  it.each(bad)('refuses %s = %s on create and update, changing nothing', async (field, value) => {
    const before = await allRows(t, ['samples', 'uploaded_objects']);
    const body = { title: 'Cover', audioUrl, [field]: value };
    for (const res of [await t.request.post('/api/samples').send(body), await t.request.put(`/api/samples/${existingId}`).send(body)]) {
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toHaveLength(1);
    }
    expect(await allRows(t, ['samples', 'uploaded_objects'])).toEqual(before);
  });

  it.each([
    ['coverImageUrl', '/images/cover.jpg'],
    ['coverImageUrl', 'https://cdn.example.com/covers/a.jpg'],
    ['coverImageUrl', 'https://images.example.net/a.png?w=400'],
    ['audioUrl', 'https://cdn.example.com/audio/a.mp3'],
  ] as const)('accepts %s = %s', async (field, value) => {
    const res = await t.request.post('/api/samples').send({ title: 'Good', audioUrl, [field]: value });
    expect(res.status).toBe(201);
    expect(res.body[field]).toBe(value);
  });
});
