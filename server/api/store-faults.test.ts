import { readdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_PARTS, MIN_PART_BYTES } from '#common/uploads.ts';
import { wavHeader } from '#server/audio/wav.ts';
import { LocalObjectStore } from '#server/storage/local-store.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { createProjectsTestApp, projectWithClient, type ProjectsTestApp } from '#server/test-support/project-fixture.ts';
import { startTestS3, type TestS3 } from '#server/test-support/s3-server.ts';
import { testDialects } from '#server/test-support/services.ts';
import { testImage } from '#server/test-support/test-images.ts';

// Hardening, round two (issue 27): a full disk, a bucket that is down and a long completion are
// answered as what they are (503 with Retry-After, or taken), never a 500 or a download cut short.

/** What the kernel says when the disk is full, as Node's fs passes it on. */
const diskFull = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

/** Lets `bytes` through, then fails as a full disk would in the middle of a write. */
function failAfter(bytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > bytes) callback(diskFull());
      else callback(null, chunk);
    },
  });
}

/** A port nothing listens on: a bucket that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function expectStoreFull(res: { status: number; headers: Record<string, string>; body: { message?: string } }) {
  expect(res.status).toBe(503);
  expect(res.headers['retry-after']).toBe('30');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body.message).toMatch(/no room to store files/);
}

/** Every file under the local store's folder, `.part` files included. */
function filesUnder(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

const frames = Math.floor((MIN_PART_BYTES + 1000 - 44) / 2);
const wav = Buffer.concat([wavHeader(1, 8000, frames), Buffer.alloc(frames * 2, 7)]);

describe.each(testDialects())('a full disk under the local store (%s)', (dialect) => {
  let t: ProjectsTestApp;
  beforeAll(async () => {
    t = await createProjectsTestApp(dialect);
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('an image upload answers 503 with Retry-After, leaves no file and no image, and works once there is room', async () => {
    const store = t.services.store;
    const write = store.write.bind(store);
    let writes = 0;
    // The original and the first rendition are stored; the disk fills up on the next one.
    vi.spyOn(store, 'write').mockImplementation(async (key, body, type) => {
      writes += 1;
      if (writes > 2) throw diskFull();
      await write(key, body, type);
    });
    const photo = await testImage({ width: 700, height: 400, format: 'jpeg' });
    const res = await t.asAdmin.post('/api/admin/images').set('Content-Type', 'image/jpeg').send(photo);
    expectStoreFull(res);
    expect(writes).toBe(3);
    expect(await t.services.db.selectFrom('siteImages').select('id').execute()).toEqual([]);
    expect(filesUnder(path.join(t.services.dataDir, 'objects', 'images'))).toEqual([]);

    vi.restoreAllMocks();
    const again = await t.asAdmin.post('/api/admin/images').set('Content-Type', 'image/jpeg').send(photo);
    expect(again.status).toBe(201);
  });

  it('a multipart completion answers 503 with Retry-After, registers nothing, and completes when retried', async () => {
    const { project, client } = await projectWithClient(t, { clientEmail: 'full-disk@example.com' });
    const agent = t.asClient(client);
    const started = await agent
      .post('/api/uploads/s3/multipart')
      .send({ filename: 'bass.wav', type: 'audio/wav', metadata: { projectId: project.id } });
    expect(started.status).toBe(200);
    const { key, uploadId } = started.body as { key: string; uploadId: string };
    const base = `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}`;
    const query = `?key=${encodeURIComponent(key)}`;
    const parts = [];
    for (const [index, body] of [wav.subarray(0, MIN_PART_BYTES), wav.subarray(MIN_PART_BYTES)].entries()) {
      const signed = await agent.get(`${base}/${index + 1}${query}`);
      const put = await t.request
        .put(signed.body.url as string)
        .set('Content-Type', 'application/octet-stream')
        .send(body);
      expect(put.status).toBe(200);
      parts.push({ PartNumber: index + 1, ETag: put.headers.etag as string });
    }

    const store = t.services.store;
    const writeStream = store.writeStream.bind(store);
    // Half the joined file reaches the disk, then it is full.
    vi.spyOn(store, 'writeStream').mockImplementationOnce((objectKey, body, size, type) =>
      writeStream(objectKey, body.pipe(failAfter(MIN_PART_BYTES / 2)), size, type),
    );
    const refused = await agent.post(`${base}/complete${query}`).send({ parts });
    expectStoreFull(refused);
    expect(await store.stat(key)).toBeNull();
    expect(filesUnder(path.join(t.services.dataDir, 'objects', path.dirname(key)))).toEqual([]);
    const row = await t.services.db
      .selectFrom('multipartUploads')
      .select('completedParts')
      .where('uploadId', '=', uploadId)
      .executeTakeFirst();
    expect(row).toEqual({ completedParts: null });
    expect((await agent.post(`/api/portal/projects/${project.id}/files`).send({ objectPath: `/objects/${key}` })).status).not.toBe(201);

    // Room again: the parts were kept, the same completion goes through.
    const done = await agent.post(`${base}/complete${query}`).send({ parts });
    expect(done.status).toBe(200);
    expect((await store.stat(key))?.size).toBe(wav.length);
  });

  it('a completion naming 10,000 parts is read, not refused as too large; other bodies keep their limit', async () => {
    const parts = Array.from({ length: MAX_PARTS }, (_, index) => ({ PartNumber: index + 1, ETag: `"${'0123456789abcdef'.repeat(2)}"` }));
    const body = JSON.stringify({ parts });
    expect(body.length).toBeGreaterThan(100 * 1024);
    const res = await t.asAdmin
      .post(`/api/uploads/s3/multipart/${'a'.repeat(24)}/complete?key=${encodeURIComponent('projects/1/x')}`)
      .set('Content-Type', 'application/json')
      .send(body);
    expect(res.status).not.toBe(413);
    expect(res.status).toBe(404);
    // Not signed in: the body is not read past the usual 100 kB.
    const anonymous = await t.request
      .post(`/api/uploads/s3/multipart/${'a'.repeat(24)}/complete?key=x`)
      .set('Origin', 'http://localhost:3000')
      .set('Content-Type', 'application/json')
      .send(body);
    expect(anonymous.status).toBe(413);
    // Another route: still 100 kB.
    const other = await t.asAdmin.post('/api/admin/projects').set('Content-Type', 'application/json').send(body);
    expect(other.status).toBe(413);
  });
});

describe.each(testDialects())('a project ZIP while the store cannot be read (%s)', (dialect) => {
  let t: ProjectsTestApp;
  let projectId: number;
  let client: string;
  beforeAll(async () => {
    // The bucket is down from the start: the rows are there, no read can succeed.
    const port = await closedPort();
    t = await createProjectsTestApp(dialect, {
      env: {
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'studio-down',
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'x',
        S3_SECRET_ACCESS_KEY: 'x',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    const made = await projectWithClient(t, { clientEmail: 'zip-down@example.com', price: null });
    projectId = made.project.id;
    client = made.client;
    for (const [side, name] of [
      ['studio', 'master.wav'],
      ['client', 'stems.wav'],
    ] as const) {
      await t.services.db
        .insertInto('projectFiles')
        .values({
          projectId,
          side,
          category: side === 'studio' ? 'delivery' : 'stems',
          name,
          objectKey: `projects/${projectId}/${name}`,
          size: 15,
          sha256: null,
          contentType: 'audio/wav',
          analysis: null,
          uploadedBy: 'admin:1',
          removedAt: null,
          processingUntil: null,
        })
        .execute();
    }
  });
  afterAll(() => t.close());

  const downloads = async () =>
    (await t.services.db.selectFrom('projectActivity').select('action').where('projectId', '=', projectId).execute()).filter(
      (row) => row.action === 'zip_downloaded',
    ).length;

  it("the client's deliveries.zip and the owner's files.zip answer 503 with Retry-After before any byte; no download logged", async () => {
    for (const request of [
      t.asClient(client).get(`/api/portal/projects/${projectId}/deliveries.zip`),
      t.asAdmin.get(`/api/admin/projects/${projectId}/files.zip?side=client`),
      t.asAdmin.get(`/api/admin/projects/${projectId}/files.zip?side=studio`),
    ]) {
      const res = await request;
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.message).toMatch(/cannot be read right now/);
    }
    expect(await downloads()).toBe(0);
  });
});

describe.each(testDialects())('a project ZIP while the local disk fails (%s)', (dialect) => {
  let t: ProjectsTestApp;
  beforeAll(async () => {
    t = await createProjectsTestApp(dialect);
  });
  afterAll(() => t.close());

  it('a file that cannot be read answers 503; once it reads, the ZIP is whole', async () => {
    const { project, client } = await projectWithClient(t, { clientEmail: 'zip-eio@example.com', price: null });
    const objectKey = `projects/${project.id}/master.wav`;
    await t.services.store.write(objectKey, Buffer.from('delivered bytes'), 'audio/wav');
    await t.services.db
      .insertInto('projectFiles')
      .values({
        projectId: project.id,
        side: 'studio',
        category: 'delivery',
        name: 'master.wav',
        objectKey,
        size: 15,
        sha256: null,
        contentType: 'audio/wav',
        analysis: null,
        uploadedBy: 'admin:1',
        removedAt: null,
        processingUntil: null,
      })
      .execute();
    // The stream opens, then the disk fails on the first read.
    const failing = () =>
      new Readable({
        read() {
          this.destroy(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }));
        },
      });
    vi.spyOn(t.services.store, 'read').mockImplementationOnce(async () => failing());
    const refused = await t.asClient(client).get(`/api/portal/projects/${project.id}/deliveries.zip`);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    vi.restoreAllMocks();

    const zip = await t
      .asClient(client)
      .get(`/api/portal/projects/${project.id}/deliveries.zip`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(zip.status).toBe(200);
    expect(Number(zip.headers['content-length'])).toBe((zip.body as Buffer).length);
  });
});

describe.each(testDialects())('readiness names the object store (%s)', (dialect) => {
  const apps: TestApp[] = [];
  let s3: TestS3 | undefined;
  beforeAll(async () => {
    s3 = await startTestS3(['studio-ready']);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await s3?.close();
  });
  const app = async (env: Record<string, string> = {}) => {
    const made = await createTestApp(dialect, { env });
    apps.push(made);
    return made;
  };

  it('a local store whose folder takes a write is ready; one refusing writes is not; checked at most every few seconds', async () => {
    const t = await app();
    expect((await t.request.get('/readyz')).body).toEqual({ status: 'ok', database: 'writable', storage: 'ok' });
    // The probe leaves nothing behind.
    expect(filesUnder(path.join(t.services.dataDir, 'objects'))).toEqual([]);

    const failing = await app();
    const check = vi.spyOn(failing.services.store, 'checkReady').mockRejectedValue(diskFull());
    for (let i = 0; i < 5; i += 1) {
      const res = await failing.request.get('/readyz');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({ status: 'error', database: 'writable', storage: 'unavailable' });
    }
    expect(check).toHaveBeenCalledTimes(1);
    check.mockRestore();
  });

  it('the local check fails on a folder that cannot be written', async () => {
    const dir = (await app()).services.dataDir;
    const blocker = path.join(dir, 'not-a-folder');
    writeFileSync(blocker, 'x');
    await expect(new LocalObjectStore(path.join(blocker, 'objects'), 'x'.repeat(32)).checkReady()).rejects.toThrow();
  });

  it('a bucket that answers is ready; a bucket that is down or missing is not, within seconds', async () => {
    const up = await app(s3!.env('studio-ready'));
    expect((await up.request.get('/readyz')).body).toEqual({ status: 'ok', database: 'writable', storage: 'ok' });

    const missing = await app(s3!.env('no-such-bucket'));
    const gone = await missing.request.get('/readyz');
    expect(gone.status).toBe(503);
    expect(gone.body).toEqual({ status: 'error', database: 'writable', storage: 'unavailable' });

    const port = await closedPort();
    const down = await app({ ...s3!.env('studio-ready'), S3_ENDPOINT: `http://127.0.0.1:${port}` });
    const started = Date.now();
    const res = await down.request.get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.storage).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
