import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_PART_BYTES } from '#common/uploads.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { startTestS3, type TestS3 } from '#server/test-support/s3-server.ts';
import { testDialects } from '#server/test-support/services.ts';

const BUCKET = 'studio-uploads';

/** A silent mono 8 kHz WAV of exactly `bytes` bytes: real audio to registration, any size we need. */
function silentWav(bytes: number): Buffer {
  const wav = Buffer.alloc(bytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(bytes - 8, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(16000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(bytes - 44, 40);
  return wav;
}

interface Ref {
  key: string;
  uploadId: string;
}

const stores = ['local', 's3'] as const;
const cases = testDialects().flatMap((dialect) => stores.map((store) => [store, dialect] as const));

describe.each(cases)('uploader multipart protocol, %s store on %s', (storeKind, dialect) => {
  let s3: TestS3 | null = null;
  let t: TestApp;
  // Two parts: one of the minimum size, and a shorter last one.
  const file = silentWav(MIN_PART_BYTES + 300_000);
  const partOf = (n: number) => (n === 1 ? file.subarray(0, MIN_PART_BYTES) : file.subarray(MIN_PART_BYTES));

  beforeAll(async () => {
    if (storeKind === 's3') s3 = await startTestS3([BUCKET]);
    t = await createTestApp(dialect, { asAdmin: true, env: s3 ? s3.env(BUCKET) : {} });
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const base = (ref: Ref) => `/api/uploads/s3/multipart/${encodeURIComponent(ref.uploadId)}`;
  const query = (ref: Ref) => `?key=${encodeURIComponent(ref.key)}`;

  async function start(): Promise<Ref> {
    const res = await t.request.post('/api/uploads/s3/multipart').send({ filename: 'take.wav', type: 'audio/wav', metadata: {} });
    expect(res.status).toBe(200);
    return res.body as Ref;
  }

  /** Signs a part and PUTs it where the browser would: this server (local) or the bucket. Answers the ETag. */
  async function putPart(ref: Ref, n: number, body = partOf(n)): Promise<string> {
    const signed = await t.request.get(`${base(ref)}/${n}${query(ref)}`);
    expect(signed.status).toBe(200);
    const { url, expires } = signed.body as { url: string; expires: number };
    expect(expires).toBeGreaterThan(0);
    if (url.startsWith('/')) {
      const put = await t.request.put(url).set('Content-Type', 'application/octet-stream').send(body);
      expect(put.status).toBe(200);
      return put.headers.etag as string;
    }
    const put = await fetch(url, { method: 'PUT', body: new Uint8Array(body) });
    expect(put.status).toBe(200);
    return put.headers.get('etag')!;
  }

  const list = (ref: Ref) => t.request.get(`${base(ref)}${query(ref)}`);
  const complete = (ref: Ref, parts: unknown) => t.request.post(`${base(ref)}/complete${query(ref)}`).send({ parts });
  const staged = (ref: Ref) => t.services.store.stat(ref.key);

  it('uploads in parts, completes into staging, and the file registers as a sample audio file', async () => {
    const ref = await start();
    expect(ref.key).toMatch(/^staging\/[0-9a-f-]{36}$/);
    const etags = [await putPart(ref, 1), await putPart(ref, 2)];
    const done = await complete(ref, [
      { PartNumber: 1, ETag: etags[0] },
      { PartNumber: 2, ETag: etags[1] },
    ]);
    expect(done.status).toBe(200);
    expect(done.body.location).toBe(`/objects/${ref.key}`);
    expect((await staged(ref))?.size).toBe(file.length);

    const registered = await t.request.put('/api/audio-files').send({ audioFileURL: done.body.location });
    expect(registered.status).toBe(200);
    const served = await t.request.get(registered.body.objectPath).buffer(true);
    expect(Buffer.from(served.body).equals(file)).toBe(true);
    // Completed: listing answers the parts joined and completing again answers the same, so an uploader
    // paused while the completion was in flight resumes to the same result (decision 078).
    const listed = await list(ref);
    expect(listed.status).toBe(200);
    expect(listed.body.map((part: { PartNumber: number }) => part.PartNumber)).toEqual([1, 2]);
    const again = await complete(ref, [
      { PartNumber: 1, ETag: etags[0] },
      { PartNumber: 2, ETag: etags[1] },
    ]);
    expect(again.body).toEqual(done.body);
  });

  it('lists the parts already uploaded, so a resumed upload sends only the rest', async () => {
    const ref = await start();
    expect((await list(ref)).body).toEqual([]);
    const first = await putPart(ref, 1);
    const listed = await list(ref);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([{ PartNumber: 1, Size: MIN_PART_BYTES, ETag: first }]);
    const second = await putPart(ref, 2);
    const done = await complete(ref, [
      { PartNumber: 1, ETag: listed.body[0].ETag },
      { PartNumber: 2, ETag: second },
    ]);
    expect(done.status).toBe(200);
    expect((await staged(ref))?.size).toBe(file.length);
  });

  it("a part signed with its MD5 must arrive intact: the store refuses damaged bytes, and the uploader's retry succeeds", async () => {
    const ref = await start();
    const body = partOf(1);
    const md5 = createHash('md5').update(body).digest('base64');
    const signed = await t.request.get(`${base(ref)}/1${query(ref)}&md5=${encodeURIComponent(md5)}`);
    expect(signed.status).toBe(200);
    expect(signed.body.headers).toEqual({ 'Content-MD5': md5 });
    const damaged = Buffer.from(body);
    damaged[1000] ^= 0xff;
    const send = async (bytes: Buffer) => {
      const url = signed.body.url as string;
      if (url.startsWith('/')) {
        return (await t.request.put(url).set('Content-Type', 'application/octet-stream').set('Content-MD5', md5).send(bytes)).status;
      }
      return (await fetch(url, { method: 'PUT', headers: { 'Content-MD5': md5 }, body: new Uint8Array(bytes) })).status;
    };
    if (storeKind === 'local') {
      expect(await send(damaged)).toBe(400);
      expect((await list(ref)).body).toEqual([]);
      // Leaving Content-MD5 out would skip the check: a URL signed with an MD5 holds only with it.
      const withoutDigest = await t.request
        .put(signed.body.url as string)
        .set('Content-Type', 'application/octet-stream')
        .send(damaged);
      expect(withoutDigest.status).toBe(403);
      expect((await list(ref)).body).toEqual([]);
    } else {
      // The test bucket (s3rver) checks neither bodies against Content-MD5 nor that signed header; a real
      // bucket answers BadDigest. What can be seen here: Content-MD5 is signed into the URL, so S3 requires it.
      const url = new URL(signed.body.url as string);
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-md5');
    }
    expect(await send(body)).toBe(200);
    expect((await list(ref)).body).toHaveLength(1);
    expect((await t.request.get(`${base(ref)}/1${query(ref)}&md5=not-a-digest`)).status).toBe(400);
  });

  it('a part sent again replaces the first one', async () => {
    const ref = await start();
    await putPart(ref, 2, Buffer.from('first try'));
    const again = await putPart(ref, 2);
    expect((await list(ref)).body).toEqual([{ PartNumber: 2, Size: partOf(2).length, ETag: again }]);
  });

  it('aborts: the parts are removed and the upload is gone for every call', async () => {
    const ref = await start();
    const etag = await putPart(ref, 1);
    expect((await t.request.delete(`${base(ref)}${query(ref)}`)).status).toBe(200);
    expect(await t.services.store.multipart.listParts(ref.key, ref.uploadId)).toBeNull();
    expect((await list(ref)).status).toBe(404);
    expect((await t.request.get(`${base(ref)}/1${query(ref)}`)).status).toBe(404);
    expect((await complete(ref, [{ PartNumber: 1, ETag: etag }])).status).toBe(404);
    expect((await t.request.delete(`${base(ref)}${query(ref)}`)).status).toBe(404);
    expect(await staged(ref)).toBeNull();
  });

  async function startedBy(caller: { owner: string }): Promise<Ref> {
    const outcome = await t.services.uploads.multipartUploads.start(caller, 'audio/wav');
    if (outcome.kind !== 'started') throw new Error(`not started: ${outcome.kind}`);
    return outcome.ref;
  }

  it('answers 404 for an upload id or key it did not issue, or issued to someone else', async () => {
    const ref = await start();
    const strangers: Ref[] = [
      { key: ref.key, uploadId: 'not-an-upload-id' },
      { key: 'staging/00000000-0000-4000-8000-000000000000', uploadId: ref.uploadId },
      { key: 'uploads/../../etc/passwd', uploadId: ref.uploadId },
      await startedBy({ owner: 'client:7' }),
    ];
    for (const stranger of strangers) {
      expect((await list(stranger)).status).toBe(404);
      expect((await t.request.get(`${base(stranger)}/1${query(stranger)}`)).status).toBe(404);
      expect((await complete(stranger, [{ PartNumber: 1, ETag: '"x"' }])).status).toBe(404);
      expect((await t.request.delete(`${base(stranger)}${query(stranger)}`)).status).toBe(404);
    }
    expect((await t.request.get(`${base(ref)}`)).status).toBe(404);
  });

  it('refuses part numbers outside 1..10000', async () => {
    const ref = await start();
    for (const n of ['0', '10001', '-1', '1.5', 'abc']) {
      const res = await t.request.get(`${base(ref)}/${n}${query(ref)}`);
      expect(res.status, n).toBe(400);
      expect(res.body.message).toMatch(/partNumber must be a number from 1 to 10000/);
    }
  });

  it('refuses a completion with missing, unknown or wrong parts, or a short part before the last, and assembles nothing', async () => {
    const ref = await start();
    const one = await putPart(ref, 1, Buffer.alloc(1000, 1));
    const two = await putPart(ref, 2);
    const refusals: [unknown, RegExp][] = [
      [[], /parts must not be empty/],
      [[{ PartNumber: 1 }], /ETag/],
      [[{ PartNumber: 1, ETag: '' }], /ETag is required/],
      [[{ ETag: one }], /PartNumber/],
      [[{ PartNumber: 10001, ETag: one }], /PartNumber must be from 1 to 10000/],
      [[{ PartNumber: 2, ETag: two }], /Part 1 is missing/],
      [
        [
          { PartNumber: 1, ETag: one },
          { PartNumber: 3, ETag: two },
        ],
        /Part 2 is missing/,
      ],
      [
        [
          { PartNumber: 1, ETag: two },
          { PartNumber: 2, ETag: two },
        ],
        /ETag of part 1 does not match/,
      ],
      [
        [
          { PartNumber: 1, ETag: one },
          { PartNumber: 2, ETag: two },
        ],
        /Part 1 is smaller than 5 MiB/,
      ],
      ['not a list', /parts must be a list/],
    ];
    for (const [parts, message] of refusals) {
      const res = await complete(ref, parts);
      expect(res.status, JSON.stringify(parts)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    // A part that was never uploaded.
    const other = await start();
    const only = await putPart(other, 1);
    const res = await complete(other, [
      { PartNumber: 1, ETag: only },
      { PartNumber: 2, ETag: only },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Part 2 has not been uploaded/);
    expect(await staged(ref)).toBeNull();
    expect(await staged(other)).toBeNull();
    // Nothing was lost either: the upload goes on once the parts are right.
    await putPart(ref, 1);
    const fixed = (await list(ref)).body as { PartNumber: number; ETag: string }[];
    expect((await complete(ref, fixed)).status).toBe(200);
  });

  it('refuses a malformed start', async () => {
    expect((await t.request.post('/api/uploads/s3/multipart').send({})).status).toBe(400);
    expect((await t.request.post('/api/uploads/s3/multipart').send({ filename: 'a\u0000.wav' })).status).toBe(400);
    expect((await t.request.post('/api/uploads/s3/multipart').send({ filename: 'x'.repeat(300) })).status).toBe(400);
  });

  it('hands out single-PUT parameters for uploaders without multipart', async () => {
    const res = await t.request.get('/api/uploads/s3/params').query({ filename: 'take.wav', type: 'audio/wav' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ method: 'PUT', fields: {}, headers: { 'Content-Type': 'audio/wav' } });
    expect(res.body.url).toMatch(/staging\/[0-9a-f-]{36}/);
  });

  it('aborts uploads abandoned for a day, and only those', async () => {
    const old = await start();
    await putPart(old, 1);
    const fresh = await start();
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await t.services.db.updateTable('multipartUploads').set({ createdAt: dayAgo }).where('uploadId', '=', old.uploadId).execute();
    expect(await t.services.uploads.multipartUploads.removeAbandoned()).toBe(1);
    expect(await t.services.store.multipart.listParts(old.key, old.uploadId)).toBeNull();
    expect((await list(old)).status).toBe(404);
    expect((await list(fresh)).status).toBe(200);
    // A second instance sweeping at the same moment finds nothing left to do.
    expect(await t.services.uploads.multipartUploads.removeAbandoned()).toBe(0);
  });

  if (storeKind === 'local') {
    it('keeps parts outside the object folder, and refuses part PUTs without a valid grant', async () => {
      const ref = await start();
      const signed = (await t.request.get(`${base(ref)}/1${query(ref)}`)).body as { url: string };
      const url = new URL(signed.url, 'http://x');
      const forged = `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=AAAA`;
      expect((await t.request.put(forged).send(Buffer.from('x'))).status).toBe(403);
      const otherPart = `${url.pathname.replace(/\/1$/, '/2')}${url.search}`;
      expect((await t.request.put(otherPart).send(Buffer.from('x'))).status).toBe(403);
      const outOfRange = `${url.pathname.replace(/\/1$/, '/0')}${url.search}`;
      expect((await t.request.put(outOfRange).send(Buffer.from('x'))).status).toBe(400);
      expect((await t.request.get(signed.url)).status).toBe(405);
      await putPart(ref, 1);
      expect(existsSync(path.join(t.services.dataDir, 'multipart', ref.uploadId))).toBe(true);
      for await (const object of t.services.store.list()) expect(object.key).not.toContain(ref.uploadId);
      // Aborted meanwhile: the URL no longer writes anything.
      await t.request.delete(`${base(ref)}${query(ref)}`);
      expect((await t.request.put(signed.url).send(Buffer.from('x'))).status).toBe(404);
      expect(existsSync(path.join(t.services.dataDir, 'multipart', ref.uploadId))).toBe(false);
    });

    it('asks for an admin session', async () => {
      const visitor = await createTestApp(dialect);
      try {
        const res = await visitor.request.post('/api/uploads/s3/multipart').send({ filename: 'take.wav' });
        expect(res.status).toBe(401);
        expect((await visitor.request.get('/api/uploads/s3/multipart/x?key=y')).status).toBe(401);
        const { rows } = await sql<{ n: number }>`select count(*) as n from multipart_uploads`.execute(visitor.services.db);
        expect(Number(rows[0].n)).toBe(0);
      } finally {
        await visitor.close();
      }
    });
  }
});
