import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagingKey } from '#common/object-keys.ts';
import { MAX_SINGLE_PUT_AUDIO_BYTES } from '#common/samples.ts';
import { silentFlac } from '#server/test-support/silent-flac.ts';
import { testWav, uploadAudio } from '#server/test-support/test-audio.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import { signUploadGrant } from '#server/storage/local-upload-grant.ts';

/** PUTs 1 MiB chunks on a real socket until the server answers; resolves with its status. */
async function putRaw(t: TestApp, url: string, { declaredLength }: { declaredLength?: number }): Promise<number> {
  const server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<number>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path: url,
        method: 'PUT',
        headers: declaredLength ? { 'Content-Length': String(declaredLength) } : { 'Transfer-Encoding': 'chunked' },
      });
      let answered = false;
      req.on('response', (res) => {
        answered = true;
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', (error) => (answered ? undefined : reject(error)));
      const chunk = Buffer.alloc(1024 * 1024, 1);
      let sent = 0;
      const pump = () => {
        while (!answered && sent < 60) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

const grant = async (t: TestApp) => (await t.request.post('/api/objects/upload').expect(200)).body.uploadURL as string;
const keyOf = (url: string) => /(?:staging|uploads)\/([0-9a-f-]{36})/.exec(url)![1];

describe.each(testDialects())('local object store on %s', (dialect) => {
  let t: TestApp;
  let objectsDir: string;
  let stagingDir: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { asAdmin: true });
    objectsDir = path.join(t.services.dataDir, 'objects', 'uploads');
    stagingDir = path.join(t.services.dataDir, 'objects', 'staging');
  });
  afterAll(async () => {
    await t.services.samples.sampleAnalysis.idle();
    await t.close();
  });

  it('issues a signed, expiring upload URL for a server-made key', async () => {
    const url = await grant(t);
    expect(url).toMatch(/^\/objects\/staging\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+$/);
    const expires = Number(new URL(url, 'http://x').searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(14 * 60 * 1000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);
  });

  it('takes PUTs with a grant until it is registered, then never changes the served file', async () => {
    const url = await grant(t);
    const first = testWav(1);
    // A retry with the same grant replaces what was uploaded, as long as it is not registered.
    expect((await t.request.put(url).send(testWav(2))).status).toBe(200);
    expect((await t.request.put(url).send(first)).status).toBe(200);
    const objectPath = (await t.request.put('/api/audio-files').send({ audioFileURL: url }).expect(200)).body.objectPath as string;
    const refused = await t.request.put(url).send(Buffer.from('<!doctype html><script>alert(1)</script>'));
    expect(refused.status).toBe(409);
    // The served path is no upload target either.
    const signature = new URL(url, 'http://x').search;
    expect((await t.request.put(`${objectPath}${signature}`).send(testWav(2))).status).not.toBe(200);
    const served = await t.request.get(objectPath).buffer(true);
    expect(served.headers['content-type']).toBe('audio/wav');
    expect(Buffer.from(served.body).equals(first)).toBe(true);
    expect(existsSync(stagingDir) ? readdirSync(stagingDir) : []).not.toContain(keyOf(url));
    // Registering again answers the same path and changes nothing.
    expect((await t.request.put('/api/audio-files').send({ audioFileURL: url })).body.objectPath).toBe(objectPath);
  });

  it('refuses forged or expired grants', async () => {
    const key = keyOf(await grant(t));
    expect((await t.request.put(`/objects/staging/${key}?expires=9999999999&signature=forged`).send(testWav())).status).toBe(403);
    const past = Math.floor(Date.now() / 1000) - 1;
    const pastSignature = signUploadGrant(t.services.config.SESSION_SECRET, stagingKey(key), past);
    const expired = `/objects/staging/${key}?expires=${past}&signature=${pastSignature}`;
    const res = await t.request.put(expired).send(testWav());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Request has expired');
  });

  it('refuses audio longer than 20 minutes from its header, before any decoding, and keeps nothing', async () => {
    const url = await grant(t);
    // 8 hours claimed by STREAMINFO in a few hundred bytes.
    await t.request
      .put(url)
      .send(silentFlac({ seconds: 1, declaredSeconds: 8 * 3600 }))
      .expect(200);
    const res = await t.request.put('/api/audio-files').send({ audioFileURL: url });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The audio is longer than 20 minutes, the longest a sample may be');
    expect(res.body.errors.audioFileURL[0]).toContain('this file is 480:00');
    expect((await t.request.get(`/objects/uploads/${keyOf(url)}`)).status).toBe(404);
    expect(readdirSync(objectsDir)).not.toContain(keyOf(url));
    expect(readdirSync(stagingDir)).not.toContain(keyOf(url));
    // Twenty minutes exactly is fine.
    const ok = await grant(t);
    await t.request
      .put(ok)
      .send(silentFlac({ seconds: 1, declaredSeconds: 20 * 60 }))
      .expect(200);
    expect((await t.request.put('/api/audio-files').send({ audioFileURL: ok })).status).toBe(200);
  });

  it('refuses a single PUT over 50485760 bytes with 413 and leaves no partial file', async () => {
    const declared = await putRaw(t, await grant(t), { declaredLength: MAX_SINGLE_PUT_AUDIO_BYTES + 1 });
    expect(declared).toBe(413);
    // Without a declared length, the byte counter stops the stream once it passes the limit.
    const url = await grant(t);
    expect(await putRaw(t, url, {})).toBe(413);
    const files = existsSync(stagingDir) ? readdirSync(stagingDir) : [];
    expect(files.filter((f) => f.startsWith(keyOf(url)))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('refuses a non-audio file at registration and deletes it', async () => {
    const url = await grant(t);
    await t.request.put(url).send(Buffer.from('<!doctype html><html><body>not audio</body></html>')).expect(200);
    expect(readdirSync(stagingDir)).toContain(keyOf(url));
    const res = await t.request.put('/api/audio-files').send({ audioFileURL: url });
    expect(res.status).toBe(415);
    expect(readdirSync(stagingDir)).not.toContain(keyOf(url));
    expect(readdirSync(objectsDir)).not.toContain(keyOf(url));
    expect((await t.request.get(`/objects/uploads/${keyOf(url)}`)).status).toBe(404);
  });

  it('recognises MP3, WAV, M4A, AAC and FLAC by their first bytes', async () => {
    const heads = [
      Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
      Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0]),
      Buffer.from('\x00\x00\x00\x20ftypM4A \x00\x00\x00\x00', 'latin1'),
      Buffer.from([0xff, 0xf1, 0x50, 0x80, 0, 0, 0, 0]),
      Buffer.from('fLaC\x00\x00\x00\x22', 'latin1'),
    ];
    for (const head of heads) {
      const url = await grant(t);
      await t.request
        .put(url)
        .send(Buffer.concat([head, Buffer.alloc(64)]))
        .expect(200);
      const res = await t.request.put('/api/audio-files').send({ audioFileURL: url });
      expect(res.status, head.toString('hex')).toBe(200);
      expect(res.body.objectPath).toBe(`/objects/uploads/${keyOf(url)}`);
    }
  });

  it('refuses registration of unknown, unissued or not yet uploaded files', async () => {
    expect((await t.request.put('/api/audio-files').send({})).status).toBe(400);
    expect((await t.request.put('/api/audio-files').send({ audioFileURL: 'https://evil.example/x' })).status).toBe(400);
    expect(
      (await t.request.put('/api/audio-files').send({ audioFileURL: '/objects/uploads/00000000-0000-4000-8000-000000000000' })).status,
    ).toBe(400);
    expect((await t.request.put('/api/audio-files').send({ audioFileURL: await grant(t) })).status).toBe(409);
  });

  it('serves registered audio with ranges, validators and long caching', async () => {
    const wav = testWav();
    const objectPath = await uploadAudio(t, wav);
    const full = await t.request.get(objectPath).buffer(true);
    expect(full.status).toBe(200);
    expect(full.headers['content-type']).toBe('audio/wav');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.headers['cache-control']).toContain('max-age=31536000');
    expect(full.headers['last-modified']).toBeTruthy();
    expect(Number(full.headers['content-length'])).toBe(wav.length);
    const partial = await t.request.get(objectPath).set('Range', 'bytes=100-199').buffer(true);
    expect(partial.status).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 100-199/${wav.length}`);
    expect(Buffer.from(partial.body).equals(wav.subarray(100, 200))).toBe(true);
    const tail = await t.request.get(objectPath).set('Range', 'bytes=-10');
    expect(tail.headers['content-range']).toBe(`bytes ${wav.length - 10}-${wav.length - 1}/${wav.length}`);
    const open = await t.request.get(objectPath).set('Range', `bytes=${wav.length - 5}-`);
    expect(open.status).toBe(206);
    expect((await t.request.get(objectPath).set('Range', `bytes=${wav.length}-`)).status).toBe(416);
    const head = await t.request.head(objectPath);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(wav.length));
    const cached = await t.request.get(objectPath).set('If-None-Match', full.headers.etag);
    expect(cached.status).toBe(304);
  });

  it('never serves an upload that was not registered', async () => {
    const url = await grant(t);
    await t.request.put(url).send(testWav()).expect(200);
    expect((await t.request.get(`/objects/uploads/${keyOf(url)}`)).status).toBe(404);
    expect((await t.request.get('/objects/uploads/../../studio.db')).status).toBe(404);
  });

  it('removes uploads left unregistered for a day, and registered ones no sample took, keeping those samples use', async () => {
    const url = await grant(t);
    await t.request.put(url).send(testWav()).expect(200);
    const kept = await uploadAudio(t);
    const trashed = await uploadAudio(t);
    // Uploaded and checked, but Create Sample was never pressed: nothing refers to it.
    const orphan = await uploadAudio(t);
    await t.request.post('/api/samples').send({ title: 'Kept', audioUrl: kept }).expect(201);
    const inTrash = (await t.request.post('/api/samples').send({ title: 'Trashed', audioUrl: trashed }).expect(201)).body.id as number;
    await t.request.post(`/api/samples/${inTrash}/trash`).expect(200);
    const uploads = t.services.samples.audioUploads;
    await uploads.removeAbandonedUploads();
    expect((await t.request.head(orphan)).status).toBe(200);
    const removed = await uploads.removeAbandonedUploads(Date.now() + 25 * 60 * 60 * 1000);
    expect(removed).toBeGreaterThanOrEqual(2);
    expect(readdirSync(stagingDir)).not.toContain(keyOf(url));
    expect(readdirSync(objectsDir)).not.toContain(keyOf(orphan));
    expect((await t.request.head(orphan)).status).toBe(404);
    expect((await t.request.head(kept)).status).toBe(200);
    // A sample in the trash is not served, but its file stays for a restore.
    expect(readdirSync(objectsDir)).toContain(keyOf(trashed));
  });

  it('sweeps staging files of registered or unknown uploads, and keeps those still awaiting registration', async () => {
    const registered = keyOf(await uploadAudio(t));
    const waiting = await grant(t);
    await t.request.put(waiting).send(testWav()).expect(200);
    const store = t.services.store;
    await store.write(stagingKey(registered), Buffer.from('<html>written after registration</html>'), 'text/html');
    await store.write(stagingKey('00000000-0000-4000-8000-000000000000'), Buffer.from('no row'), 'text/plain');
    const staged = async () => {
      const keys: string[] = [];
      for await (const object of store.list('staging/')) keys.push(object.key);
      return keys;
    };
    expect(await staged()).toEqual(expect.arrayContaining([stagingKey(registered), stagingKey(keyOf(waiting))]));
    await t.services.samples.audioUploads.removeAbandonedUploads();
    const left = await staged();
    expect(left).toContain(stagingKey(keyOf(waiting)));
    expect(left).not.toContain(stagingKey(registered));
    expect(left).not.toContain(stagingKey('00000000-0000-4000-8000-000000000000'));
    expect((await t.request.put('/api/audio-files').send({ audioFileURL: waiting })).status).toBe(200);
  });
});
