import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '#server/test-support/s3-server.ts';
import { silentFlac } from '#server/test-support/silent-flac.ts';
import { testWav } from '#server/test-support/test-audio.ts';
import { decodePeaks } from '#common/peaks.ts';
import { AUDIO_TOO_LARGE_MESSAGE, MAX_AUDIO_BYTES } from '#common/samples.ts';
import { putStream } from '#server/test-support/stream-put.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { AudioUploadService } from '#server/samples/audio-uploads.ts';

const BUCKET = 'studio-audio';

// A real S3-compatible server (s3rver) on loopback: presigned PUTs, ranges and deletes go over HTTP.
describe.each(testDialects())('S3-compatible object store on %s', (dialect) => {
  let s3: TestS3;
  let t: TestApp;
  let store: ObjectStore;

  beforeAll(async () => {
    s3 = await startTestS3([BUCKET]);
    t = await createTestApp(dialect, { asAdmin: true, env: s3.env(BUCKET) });
    store = t.services.store;
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  const keyOf = (uploadURL: string) => /staging\/([0-9a-f-]{36})/.exec(uploadURL)![1];
  /** Whether anything is stored for an upload, at its staging key or its served key. */
  const storedKeys = async (uploadURL: string) =>
    (
      await Promise.all(
        [`staging/${keyOf(uploadURL)}`, `uploads/${keyOf(uploadURL)}`].map(async (key) => ((await store.stat(key)) ? key : null)),
      )
    ).filter(Boolean);

  /** Grant → browser-style PUT straight to the bucket → registration. */
  async function upload(body: Buffer) {
    const { uploadURL } = (await t.request.post('/api/objects/upload').expect(200)).body as { uploadURL: string };
    const put = await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(body) });
    expect(put.status).toBe(200);
    return { uploadURL, register: () => t.request.put('/api/audio-files').send({ audioFileURL: uploadURL }) };
  }

  it('hands out a presigned PUT URL for a server-made key in the bucket', async () => {
    const { uploadURL } = (await t.request.post('/api/objects/upload').expect(200)).body;
    const url = new URL(uploadURL);
    expect(url.pathname).toMatch(new RegExp(`^/${BUCKET}/staging/[0-9a-f-]{36}$`));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toBeTruthy();
  });

  it('registers uploaded audio and streams it back with ranges', async () => {
    const wav = testWav();
    const { register } = await upload(wav);
    const res = await register();
    expect(res.status).toBe(200);
    const objectPath = res.body.objectPath as string;
    expect(objectPath).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    const head = await t.request.head(objectPath);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('audio/wav');
    expect(head.headers['content-length']).toBe(String(wav.length));
    const part = await t.request.get(objectPath).set('Range', 'bytes=44-1043').buffer(true);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 44-1043/${wav.length}`);
    expect(Buffer.from(part.body).equals(wav.subarray(44, 1044))).toBe(true);
  });

  it('refuses and deletes a file that is not audio', async () => {
    const { uploadURL, register } = await upload(Buffer.from('<html><body>renamed.mp3</body></html>'));
    expect((await register()).status).toBe(415);
    expect(await storedKeys(uploadURL)).toEqual([]);
    expect((await t.request.get(`/objects/uploads/${keyOf(uploadURL)}`)).status).toBe(404);
  });

  it('never lets the upload URL change a registered file: a later PUT lands in staging and is swept', async () => {
    const wav = testWav();
    const { uploadURL, register } = await upload(wav);
    const objectPath = (await register()).body.objectPath as string;
    // The presigned URL is still valid for its 15 minutes: the bucket accepts the PUT...
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    expect((await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(html) })).status).toBe(200);
    // ...but it wrote only the staging key; what is served is the file that was checked.
    const served = await t.request.get(objectPath).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('audio/wav');
    expect(Buffer.from(served.body).equals(wav)).toBe(true);
    expect(await storedKeys(uploadURL)).toEqual([`staging/${keyOf(uploadURL)}`, `uploads/${keyOf(uploadURL)}`]);
    // The sweep removes the stray staging object and keeps the registered one.
    expect(await t.services.samples.audioUploads.removeAbandonedUploads()).toBeGreaterThanOrEqual(1);
    expect(await storedKeys(uploadURL)).toEqual([`uploads/${keyOf(uploadURL)}`]);
    expect((await t.request.put('/api/audio-files').send({ audioFileURL: uploadURL })).body.objectPath).toBe(objectPath);
  });

  it('checks what is moved into place, not what was looked at first: a PUT racing registration is refused', async () => {
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    // The upload URL is used again between registration's first look and its move.
    const racing: ObjectStore = Object.create(store, {
      move: {
        value: async (from: string, to: string) => {
          expect((await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(html) })).status).toBe(200);
          return store.move(from, to);
        },
      },
    });
    const uploads = new AudioUploadService(t.services.db, racing);
    const uploadURL = await uploads.issueUploadUrl();
    expect((await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(testWav()) })).status).toBe(200);
    expect((await uploads.register(uploadURL)).kind).toBe('not-audio');
    expect(await storedKeys(uploadURL)).toEqual([]);
    expect((await t.request.get(`/objects/uploads/${keyOf(uploadURL)}`)).status).toBe(404);
  });

  it('refuses an oversized upload at registration and serves nothing', { timeout: 120_000 }, async () => {
    // A bucket takes a presigned PUT of any size: one byte over the limit, streamed, never in memory.
    const { uploadURL } = (await t.request.post('/api/objects/upload').expect(200)).body as { uploadURL: string };
    expect((await putStream(uploadURL, MAX_AUDIO_BYTES + 1, testWav())).status).toBe(200);
    const refused = await t.request.put('/api/audio-files').send({ audioFileURL: uploadURL });
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe(AUDIO_TOO_LARGE_MESSAGE);
    expect(await storedKeys(uploadURL)).toEqual([]);
    expect((await t.request.get(`/objects/uploads/${keyOf(uploadURL)}`)).status).toBe(404);
  });

  it('refuses audio longer than 20 minutes from its header and serves nothing', async () => {
    const { uploadURL, register } = await upload(silentFlac({ seconds: 1, declaredSeconds: 8 * 3600 }));
    const res = await register();
    expect(res.status).toBe(422);
    expect(res.body.errors.audioFileURL[0]).toMatch(/longer than 20 minutes/);
    expect(await storedKeys(uploadURL)).toEqual([]);
  });

  it('analyses a sample stored in the bucket and deletes the object with its last sample', async () => {
    const { register } = await upload(testWav());
    const objectPath = (await register()).body.objectPath as string;
    const created = await t.request.post('/api/samples').send({ title: 'From the bucket', audioUrl: objectPath }).expect(201);
    await t.services.samples.sampleAnalysis.idle();
    const listed = (await t.request.get('/api/samples/latest/6')).body.find((s: { id: number }) => s.id === created.body.id);
    expect(decodePeaks(listed.peaks)?.length).toBeGreaterThan(500);
    expect(listed.duration).toBe('0:02');
    await t.request.delete(`/api/samples/${created.body.id}`).expect(204);
    expect(await store.stat(objectPath.replace('/objects/', ''))).toBeNull();
    expect((await t.request.get(objectPath)).status).toBe(404);
  });

  it('has no local PUT target when the bucket takes the uploads', async () => {
    const res = await t.request.put('/objects/staging/00000000-0000-4000-8000-000000000000?expires=1&signature=x').send(testWav());
    expect(res.status).toBe(404);
  });
});
