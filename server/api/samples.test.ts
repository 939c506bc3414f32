import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePeaks } from '#common/peaks.ts';
import { uploadAudio } from '#server/test-support/test-audio.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

describe.each(testDialects())('samples API on %s', (dialect) => {
  let t: TestApp;
  let visitor: TestApp;
  let audioUrl: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { asAdmin: true });
    visitor = await createTestApp(dialect);
    audioUrl = await uploadAudio(t);
  });
  afterAll(async () => {
    await t.services.samples.sampleAnalysis.idle();
    await t.close();
    await visitor.close();
  });

  const create = (body: Record<string, unknown>) => t.request.post('/api/samples').send({ audioUrl, ...body });

  it('starts with empty lists', async () => {
    const all = await t.request.get('/api/samples');
    expect(all.status).toBe(200);
    expect(all.body).toEqual([]);
    const latest = await t.request.get('/api/samples/latest/6');
    expect(latest.headers['cache-control']).toBe('no-store');
    expect(latest.body).toEqual([]);
  });

  it('creates a sample with trimmed fields and omits blank optionals', async () => {
    const res = await create({ title: '  Night Drive  ', artist: 'Kay', genre: '', duration: '3:45', description: '   ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Night Drive',
      artist: 'Kay',
      genre: null,
      description: null,
      duration: '3:45',
      audioUrl,
      displayOrder: 0,
    });
    expect(res.body.id).toBeGreaterThan(0);
  });

  it('analyses the audio in the background and prefills an empty duration', async () => {
    const res = await create({ title: 'No duration given' });
    await t.services.samples.sampleAnalysis.idle();
    const list = await t.request.get('/api/samples');
    const sample = list.body.find((s: { id: number }) => s.id === res.body.id);
    expect(sample.durationSeconds).toBeCloseTo(2, 1);
    expect(sample.duration).toBe('0:02');
    // The waveform travels as one compact string (common/peaks.ts), not as a list of numbers.
    expect(sample.peaks).toEqual(expect.any(String));
    expect(sample.peaks.length).toBeLessThan(1400);
    const peaks = Array.from(decodePeaks(sample.peaks)!);
    expect(peaks.length).toBeGreaterThan(900);
    expect(Math.max(...peaks)).toBe(1);
    expect(peaks.every((p) => p >= 0 && p <= 1)).toBe(true);
    const latest = (await t.request.get('/api/samples/latest/6')).body.find((s: { id: number }) => s.id === res.body.id);
    expect(latest.peaks).toBe(sample.peaks);
    const first = list.body.find((s: { title: string }) => s.title === 'Night Drive');
    expect(first.duration).toBe('3:45');
  });

  it('passes stored peaks on as they are, and answers no waveform for a file analysed without one', async () => {
    const undecodable = (await create({ title: 'Analysed without a waveform' })).body;
    const damaged = (await create({ title: 'Damaged peaks' })).body;
    await t.services.samples.sampleAnalysis.idle();
    await t.services.db.updateTable('samples').set({ peaks: '' }).where('id', '=', undecodable.id).execute();
    await t.services.db.updateTable('samples').set({ peaks: '[0.1, oops' }).where('id', '=', damaged.id).execute();
    // Written past the services (as a damaged database would be): announced as a change, as every write is.
    await t.services.invalidation.publish();
    const list = (await t.request.get('/api/samples')).body;
    const byId = (id: number) => list.find((s: { id: number }) => s.id === id);
    expect(byId(undecodable.id)).toMatchObject({ peaks: null, durationSeconds: expect.any(Number) });
    // Not checked per read: the browser's decoder turns damaged text into "no waveform".
    expect(byId(damaged.id).peaks).toBe('[0.1, oops');
    expect(decodePeaks(byId(damaged.id).peaks)).toBeNull();
    for (const id of [undecodable.id, damaged.id]) await t.request.delete(`/api/samples/${id}`).expect(204);
  });

  it('refuses bad bodies with 400 and errors per field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '   ' }, 'title'],
      [{ title: undefined }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'ok', duration: 'three minutes' }, 'duration'],
      [{ title: 'ok', audioUrl: 'http://example.com/a.mp3' }, 'audioUrl'],
      [{ title: 'ok', audioUrl: '/objects/uploads/../../etc/passwd' }, 'audioUrl'],
      [{ title: 'ok', audioUrl: '' }, 'audioUrl'],
      [{ title: 'ok', genre: 'g'.repeat(61) }, 'genre'],
      [{ title: 'ok', coverImageUrl: 'javascript:alert(1)' }, 'coverImageUrl'],
      [{ title: 42 }, 'title'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(body)).toBeInstanceOf(Array);
    }
  });

  it('refuses an object path that this server never registered', async () => {
    const res = await create({ title: 'ok', audioUrl: '/objects/uploads/00000000-0000-4000-8000-000000000000' });
    expect(res.status).toBe(400);
    expect(res.body.errors.audioUrl).toBeDefined();
  });

  it('accepts an https URL for an external file on an allowed media host (MEDIA_HOSTS)', async () => {
    const res = await create({ title: 'External', audioUrl: 'https://cdn.example.com/song.mp3' });
    expect(res.status).toBe(201);
    await t.request.delete(`/api/samples/${res.body.id}`).expect(204);
  });

  it("lists by displayOrder, then newest first, and the home block's six in the same order", async () => {
    const made: Array<{ id: number }> = [];
    for (const title of ['A', 'B', 'C']) made.push((await create({ title })).body);
    const order = made.map((s, index) => ({ id: s.id, displayOrder: 10 + index }));
    expect((await t.request.put('/api/samples/reorder').send({ sampleOrders: order })).status).toBe(200);
    const all = (await t.request.get('/api/samples')).body.map((s: { title: string }) => s.title);
    expect(all.slice(-3)).toEqual(['A', 'B', 'C']);
    expect(all[0]).toBe('No duration given');
    const latest = await t.request.get('/api/samples/latest/6');
    // Recent Work follows the owner's order (issue 44): the first six of the list, not the six newest.
    const listed = (await t.request.get('/api/samples')).body.map((s: { id: number }) => s.id);
    expect(latest.body.map((s: { id: number }) => s.id)).toEqual(listed.slice(0, 6));
    const aFirst = [made[0].id, ...listed.filter((id: number) => id !== made[0].id)].map((id, displayOrder) => ({ id, displayOrder }));
    expect((await t.request.put('/api/samples/reorder').send({ sampleOrders: aFirst })).status).toBe(200);
    expect((await t.request.get('/api/samples/latest/6')).body[0].title).toBe('A');
    expect(Object.keys(latest.body[0]).sort()).toEqual([
      'artist',
      'audioUrl',
      'duration',
      'durationSeconds',
      'genre',
      'id',
      'peaks',
      'title',
    ]);
  });

  it('applies a reorder all or nothing', async () => {
    // The samples made above are still being measured in the background; compare settled lists.
    await t.services.samples.sampleAnalysis.idle();
    const before = (await t.request.get('/api/samples')).body;
    const res = await t.request.put('/api/samples/reorder').send({
      sampleOrders: [
        { id: before[0].id, displayOrder: 99 },
        { id: 999999, displayOrder: 0 },
      ],
    });
    expect(res.status).toBe(404);
    expect((await t.request.get('/api/samples')).body).toEqual(before);
  });

  it('refuses malformed reorder payloads', async () => {
    for (const body of [
      {},
      { sampleOrders: [] },
      { sampleOrders: [{ id: 'x', displayOrder: 0 }] },
      { sampleOrders: [{ id: 1, displayOrder: -1 }] },
      {
        sampleOrders: [
          { id: 1, displayOrder: 0 },
          { id: 1, displayOrder: 1 },
        ],
      },
    ]) {
      const res = await t.request.put('/api/samples/reorder').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.sampleOrders).toBeDefined();
    }
  });

  it('updates a sample and clears omitted optionals', async () => {
    const made = (await create({ title: 'Before', artist: 'Someone', genre: 'Pop' })).body;
    const res = await t.request.put(`/api/samples/${made.id}`).send({ title: 'After', audioUrl, genre: 'Rock' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: made.id, title: 'After', artist: null, genre: 'Rock' });
    const listed = (await t.request.get('/api/samples')).body.find((s: { id: number }) => s.id === made.id);
    expect(listed.title).toBe('After');
    expect((await t.request.put(`/api/samples/${made.id}`).send({ title: '', audioUrl })).status).toBe(400);
  });

  it('answers 404 for unknown ids', async () => {
    expect((await t.request.put('/api/samples/999999').send({ title: 'x', audioUrl })).status).toBe(404);
    expect((await t.request.delete('/api/samples/999999')).status).toBe(404);
    expect((await t.request.delete('/api/samples/not-a-number')).status).toBe(404);
  });

  it('deletes the audio object only when no other sample uses it', async () => {
    const ownAudio = await uploadAudio(t);
    const first = (await create({ title: 'Shares audio 1', audioUrl: ownAudio })).body;
    const second = (await create({ title: 'Shares audio 2', audioUrl: ownAudio })).body;
    await t.request.delete(`/api/samples/${first.id}`).expect(204);
    expect((await t.request.head(ownAudio)).status).toBe(200);
    await t.request.delete(`/api/samples/${second.id}`).expect(204);
    expect((await t.request.head(ownAudio)).status).toBe(404);
    const latest = (await t.request.get('/api/samples/latest/6')).body.map((s: { id: number }) => s.id);
    expect(latest).not.toContain(second.id);
  });

  it('requires an admin for every write', async () => {
    const r = visitor.request;
    expect((await r.post('/api/samples').send({ title: 'x', audioUrl })).status).toBe(401);
    expect((await r.put('/api/samples/1').send({ title: 'x', audioUrl })).status).toBe(401);
    expect((await r.delete('/api/samples/1')).status).toBe(401);
    expect((await r.put('/api/samples/reorder').send({ sampleOrders: [{ id: 1, displayOrder: 0 }] })).status).toBe(401);
    expect((await r.post('/api/objects/upload')).status).toBe(401);
    expect((await r.put('/api/audio-files').send({ audioFileURL: audioUrl })).status).toBe(401);
    expect((await r.get('/api/samples')).status).toBe(200);
  });
});
