import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectKeyFromPath } from '#common/object-keys.ts';
import { createApp } from '#server/app.ts';
import { parseFrameHeader } from '#server/audio/mpeg-audio.ts';
import { analyzeAudioFile } from '#server/audio/analyze.ts';
import { encodeWav } from '#server/audio/wav.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { startTestS3, type TestS3 } from '#server/test-support/s3-server.ts';
import { testDialects } from '#server/test-support/services.ts';
import { testWav } from '#server/test-support/test-audio.ts';

const BUCKET = 'studio-streams';

/** Two seconds of a 24-bit 48 kHz stereo tone: a master as a studio would upload it. */
function masterWav(): Buffer {
  const rate = 48_000;
  const frames = rate * 2;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    left[i] = 0.3 * Math.sin((2 * Math.PI * 330 * i) / rate);
    right[i] = 0.3 * Math.sin((2 * Math.PI * 440 * i) / rate);
  }
  return encodeWav([left, right], rate, { bitDepth: 24 });
}

/** An MP3 file, as an artist might upload one (made by the same encoder as the copies). */
async function mp3File(): Promise<Buffer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'studio-mp3-'));
  try {
    await writeFile(path.join(folder, 'in.wav'), masterWav());
    await analyzeAudioFile(path.join(folder, 'in.wav'), 'wav', { streamingCopyPath: path.join(folder, 'out.mp3') });
    return await readFile(path.join(folder, 'out.mp3'));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const stores = ['local', 's3'] as const;
const cases = testDialects().flatMap((dialect) => stores.map((store) => [dialect, store] as const));

describe.each(cases)('streaming copies on %s with the %s store', (dialect, storeKind) => {
  let s3: TestS3 | null = null;
  let owner: TestApp;
  let visitor: ReturnType<typeof supertest>;
  let closeVisitor: () => Promise<void>;

  beforeAll(async () => {
    if (storeKind === 's3') s3 = await startTestS3([BUCKET]);
    owner = await createTestApp(dialect, { asAdmin: true, env: s3 ? s3.env(BUCKET) : {} });
    // The same site, as someone who is not signed in.
    const built = await createApp(owner.services, {});
    visitor = supertest(built.handle);
    closeVisitor = () => built.close();
  });
  afterAll(async () => {
    await owner.services.samples.sampleAnalysis.idle();
    await closeVisitor();
    await owner.close();
    await s3?.close();
  });

  /** The seed's contract: grant, PUT the bytes where the grant says, register, create the sample. */
  async function createSample(title: string, body: Buffer) {
    const { uploadURL } = (await owner.request.post('/api/objects/upload').expect(200)).body as { uploadURL: string };
    if (storeKind === 's3') {
      expect((await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(body) })).status).toBe(200);
    } else {
      await owner.request.put(uploadURL).set('Content-Type', 'application/octet-stream').send(body).expect(200);
    }
    const { objectPath } = (await owner.request.put('/api/audio-files').send({ audioFileURL: uploadURL }).expect(200)).body;
    const created = await owner.request.post('/api/samples').send({ title, audioUrl: objectPath }).expect(201);
    // Until the copy is made, the sample plays its original.
    expect(created.body.audioUrl).toBe(objectPath);
    return { id: created.body.id as number, original: objectPath as string };
  }

  async function listed(id: number) {
    const list = (await visitor.get('/api/samples').expect(200)).body as Array<{ id: number; audioUrl: string }>;
    return list.find((sample) => sample.id === id)!;
  }

  it('gives visitors the MP3 copy once analysed; the original is the owner’s only', async () => {
    const master = masterWav();
    const { id, original } = await createSample('Master with a copy', master);
    await owner.services.samples.sampleAnalysis.idle();

    const { audioUrl } = await listed(id);
    expect(audioUrl).not.toBe(original);
    expect(objectKeyFromPath(audioUrl)).not.toBeNull();
    const latest = (await visitor.get('/api/samples/latest/6').expect(200)).body as Array<{ id: number; audioUrl: string }>;
    expect(latest.find((sample) => sample.id === id)?.audioUrl).toBe(audioUrl);

    const copy = await visitor.get(audioUrl).buffer(true).expect(200);
    expect(copy.headers['content-type']).toBe('audio/mpeg');
    expect(copy.headers['accept-ranges']).toBe('bytes');
    expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable, no-transform');
    const bytes = copy.body as Buffer;
    expect(parseFrameHeader(bytes)).toMatchObject({ layer: 1, bitrateKbps: 256, sampleRate: 48_000, channels: 2 });
    // 256 kbps instead of 2304 kbps (24-bit 48 kHz stereo).
    expect(bytes.length).toBeLessThan(master.length / 6);

    // A visitor who still has the original's URL is sent to the copy (the redirect test says more).
    expect((await visitor.get(original).expect(302)).headers.location).toBe(audioUrl);
    const ownerOriginal = await owner.request.get(original).buffer(true).expect(200);
    expect(Buffer.compare(ownerOriginal.body as Buffer, master)).toBe(0);
    expect(ownerOriginal.headers['cache-control']).toMatch(/private, no-store/);

    // The admin's "Download original" goes there through the owner's own route.
    const link = await owner.request.get(`/api/samples/${id}/original`).expect(302);
    expect(link.headers.location).toBe(original);
    expect((await visitor.get(`/api/samples/${id}/original`)).status).toBe(401);
    expect((await owner.request.get('/api/samples/999999/original')).status).toBe(404);
  });

  it('sends a visitor who asks for an original with a copy to the copy; the owner still gets the original', async () => {
    const master = masterWav();
    const { id, original } = await createSample('Linked before its copy', master);
    await owner.services.samples.sampleAnalysis.idle();
    const { audioUrl } = await listed(id);
    expect(audioUrl).not.toBe(original);
    const copyBytes = (await visitor.get(audioUrl).buffer(true).expect(200)).body as Buffer;
    const row = () => owner.services.db.selectFrom('samples').where('id', '=', id);

    // Before the copy exists (its columns cleared, as before the analysis) the original is public as it was.
    const made = await row().select(['streamKey', 'streamSize', 'streamContentType']).executeTakeFirstOrThrow();
    await owner.services.db
      .updateTable('samples')
      .set({ streamKey: null, streamSize: null, streamContentType: null })
      .where('id', '=', id)
      .execute();
    const before = await visitor.get(original).buffer(true).expect(200);
    expect(Buffer.compare(before.body as Buffer, master)).toBe(0);
    expect(before.headers['cache-control']).toBe('private, max-age=31536000, immutable, no-transform');
    await owner.services.db.updateTable('samples').set(made).where('id', '=', id).execute();

    // A page rendered a moment earlier, or a link shared before, names the original: GET and HEAD go to the copy.
    for (const asked of [visitor.get(original), visitor.head(original), visitor.get(`${original}?v=1`)]) {
      const sent = await asked.expect(302);
      expect(sent.headers.location).toBe(audioUrl);
      // The copy may be made again under another key (a lost copy, new audio): nobody keeps this answer.
      expect(sent.headers['cache-control']).toBe('no-store');
      expect(sent.headers['content-type']).toBeUndefined();
    }
    // A player seeking asks with a Range: the redirect carries no body, the copy answers the range.
    const seek = await visitor.get(original).set('Range', 'bytes=100-599').expect(302);
    expect(seek.headers['content-range']).toBeUndefined();
    const part = await visitor.get(seek.headers.location!).set('Range', 'bytes=100-599').buffer(true).expect(206);
    expect(Buffer.compare(part.body as Buffer, copyBytes.subarray(100, 600))).toBe(0);
    const followed = await visitor.get(original).redirects(1).buffer(true).expect(200);
    expect(followed.headers['content-type']).toBe('audio/mpeg');
    expect(Buffer.compare(followed.body as Buffer, copyBytes)).toBe(0);

    // The owner, signed in, gets the master itself.
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    const mastered = await owner.request.get(original).buffer(true).expect(200);
    expect(sha256(mastered.body as Buffer)).toBe(sha256(master));

    // In the trash the sample plays nowhere: its original answers 404 again, and its copy after a restore.
    await owner.request.post(`/api/samples/${id}/trash`).expect(200);
    await visitor.get(original).expect(404);
    await visitor.head(original).expect(404);
    await owner.request.post(`/api/samples/${id}/restore`).expect(200);
    expect((await visitor.get(original).expect(302)).headers.location).toBe(audioUrl);

    // A key that never existed, or no key at all, is 404 as before.
    await visitor.get(`/objects/uploads/${randomUUID()}`).expect(404);
    await visitor.head(`/objects/uploads/${randomUUID()}`).expect(404);
    await visitor.get('/objects/uploads/not-a-key').expect(404);
  });

  it('plays an uploaded MP3 as it is: it is its own streaming copy, public, and stored once', async () => {
    const mp3 = await mp3File();
    const { id, original } = await createSample('Already an MP3', mp3);
    await owner.services.samples.sampleAnalysis.idle();
    expect((await listed(id)).audioUrl).toBe(original);
    const served = await visitor.get(original).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('audio/mpeg');
    expect(Buffer.compare(served.body as Buffer, mp3)).toBe(0);
    expect(await owner.services.samples.sampleAnalysis.scheduleBacklog()).toBe(0);
  });

  it('plays the copy with ranges: 206 with its Content-Range, and 416 past its end', async () => {
    const { id } = await createSample('Seekable copy', masterWav());
    await owner.services.samples.sampleAnalysis.idle();
    const { audioUrl } = await listed(id);
    const size = Number((await visitor.head(audioUrl).expect(200)).headers['content-length']);
    expect(size).toBeGreaterThan(1000);

    const part = await visitor.get(audioUrl).set('Range', 'bytes=100-599').buffer(true).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 100-599/${size}`);
    expect(part.headers['content-type']).toBe('audio/mpeg');
    expect((part.body as Buffer).length).toBe(500);
    const tail = await visitor.get(audioUrl).set('Range', 'bytes=-100').buffer(true).expect(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    await visitor.get(audioUrl).set('Range', `bytes=${size}-`).expect(416);
  });

  it('keeps the original when the owner saves the sample with the copy’s URL the list gave', async () => {
    const { id, original } = await createSample('Edited text', masterWav());
    await owner.services.samples.sampleAnalysis.idle();
    const { audioUrl } = await listed(id);
    const saved = await owner.request.put(`/api/samples/${id}`).send({ title: 'Edited text, new title', audioUrl }).expect(200);
    expect(saved.body.audioUrl).toBe(audioUrl);
    await owner.services.samples.sampleAnalysis.idle();
    await visitor.get(audioUrl).expect(200);
    await owner.request.get(original).expect(200);
    // A new sample on the audio the list gave means the same original, with a copy of its own.
    const borrowed = await owner.request.post('/api/samples').send({ title: 'Same audio', audioUrl }).expect(201);
    expect(borrowed.body.audioUrl).toBe(original);
    await owner.services.samples.sampleAnalysis.idle();
    const second = (await listed(borrowed.body.id as number)).audioUrl;
    expect([original, audioUrl]).not.toContain(second);
    await visitor.get(second).expect(200);
    // Both samples have their copy: a visitor with the original's URL gets the older sample's.
    expect((await visitor.get(original).expect(302)).headers.location).toBe(audioUrl);
    // Deleting one of the two keeps what the other plays.
    await owner.request.delete(`/api/samples/${borrowed.body.id}`).expect(204);
    await visitor.get(second).expect(404);
    await visitor.get(audioUrl).expect(200);
    await owner.request.get(original).expect(200);
  });

  it('removes the original and the copy when the sample is deleted forever', async () => {
    const { id, original } = await createSample('Gone for good', masterWav());
    await owner.services.samples.sampleAnalysis.idle();
    const { audioUrl } = await listed(id);
    const stored = (path: string) => owner.services.store.stat(`uploads/${objectKeyFromPath(path)}`);
    expect(await stored(audioUrl)).not.toBeNull();

    await owner.request.post(`/api/samples/${id}/trash`).expect(200);
    // In the trash the files stay, for a restore.
    expect(await stored(audioUrl)).not.toBeNull();
    await owner.request.delete(`/api/samples/${id}/trash`).expect(204);
    expect(await stored(audioUrl)).toBeNull();
    expect(await stored(original)).toBeNull();
    await owner.request.get(audioUrl).expect(404);
    await owner.request.get(original).expect(404);
  });

  it('removes the old copy when the sample gets other audio, and makes a new one', async () => {
    const { id } = await createSample('Replaced audio', masterWav());
    await owner.services.samples.sampleAnalysis.idle();
    const before = (await listed(id)).audioUrl;
    const other = await createSample('Donor', testWav());
    await owner.request.put(`/api/samples/${id}`).send({ title: 'Replaced audio', audioUrl: other.original }).expect(200);
    await owner.services.samples.sampleAnalysis.idle();
    await visitor.get(before).expect(404);
    const after = (await listed(id)).audioUrl;
    expect(after).not.toBe(before);
    expect(after).not.toBe(other.original);
    await visitor.get(after).expect(200);
  });

  it('makes missing copies again at start-up, for old samples and ones whose copy was lost', async () => {
    const { id, original } = await createSample('Lost its copy', masterWav());
    await owner.services.samples.sampleAnalysis.idle();
    const lost = (await listed(id)).audioUrl;
    // A store restored without the copy, say.
    await owner.services.store.delete(`uploads/${objectKeyFromPath(lost)}`);
    // Until the start-up forgets it, a visitor with the original's URL is not sent to a missing copy.
    await visitor.get(original).expect(404);
    expect(await owner.services.samples.sampleAnalysis.scheduleBacklog()).toBeGreaterThanOrEqual(1);
    // Until it is made again the sample plays its original, which visitors may fetch meanwhile.
    const during = (await listed(id)).audioUrl;
    expect([original, lost]).toContain(during);
    await owner.services.samples.sampleAnalysis.idle();
    const remade = (await listed(id)).audioUrl;
    expect(remade).not.toBe(lost);
    expect(remade).not.toBe(original);
    await visitor.get(remade).expect(200);
    expect((await visitor.get(original).expect(302)).headers.location).toBe(remade);
    // Nothing left to do at the next start.
    expect(await owner.services.samples.sampleAnalysis.scheduleBacklog()).toBe(0);
  });
});
