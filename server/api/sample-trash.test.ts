import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSample, TrashedSample } from '#common/samples.ts';
import { createApp } from '#server/app.ts';
import { TRASH_RETENTION_MS } from '#server/samples/sample-trash.ts';
import { uploadAudio } from '#server/test-support/test-audio.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

const ids = (list: Array<{ id: number }>) => list.map((item) => item.id);

describe.each(testDialects())('the sample trash on %s', (dialect) => {
  let t: TestApp;
  let visitor: ReturnType<typeof supertest>;
  let closeVisitor: () => Promise<void>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { asAdmin: true });
    // A visitor on the same database: what the public sees of the admin's trash.
    const built = await createApp(t.services);
    visitor = supertest(built.app);
    closeVisitor = built.close;
  });
  afterAll(async () => {
    await closeVisitor();
    await t.close();
  });

  const liveIds = async () => ids((await visitor.get('/api/samples')).body as PublicSample[]);
  const trashList = async () => (await t.request.get('/api/samples/trash')).body as TrashedSample[];

  /** Three samples in a fixed order (0, 1, 2), each with its own audio. */
  const createThree = async () => {
    const created: PublicSample[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      const res = await t.request.post('/api/samples').send({ title, audioUrl: await uploadAudio(t), genre: 'Pop' });
      created.push(res.body as PublicSample);
    }
    await t.request.put('/api/samples/reorder').send({ sampleOrders: created.map(({ id }, displayOrder) => ({ id, displayOrder })) });
    await t.services.samples.sampleAnalysis.idle();
    return created.map(({ id }) => id);
  };

  it('hides a trashed sample from every public list and keeps its audio', async () => {
    const [first, second] = await createThree();
    const audioUrl = ((await visitor.get('/api/samples')).body as PublicSample[]).find((s) => s.id === second)!.audioUrl;
    const before = Date.now();
    const trashed = await t.request.post(`/api/samples/${second}/trash`);
    expect(trashed.status).toBe(200);
    expect(trashed.body).toMatchObject({ id: second, title: 'Second', artist: null });
    const deletedAt = Date.parse(trashed.body.deletedAt);
    expect(deletedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(trashed.body.purgeAt) - deletedAt).toBe(TRASH_RETENTION_MS);

    expect(await liveIds()).not.toContain(second);
    expect(await liveIds()).toContain(first);
    expect(ids((await visitor.get('/api/samples/latest/6')).body)).not.toContain(second);
    // Not editable, reorderable or deletable through the live routes either.
    expect((await t.request.put(`/api/samples/${second}`).send({ title: 'X', audioUrl })).status).toBe(404);
    expect((await t.request.put('/api/samples/reorder').send({ sampleOrders: [{ id: second, displayOrder: 0 }] })).status).toBe(404);
    // Its audio stays, so a restored sample plays.
    expect((await visitor.get(audioUrl)).status).toBe(200);
    expect(ids(await trashList())).toContain(second);
    // Trashing twice changes nothing (a double click).
    const again = await t.request.post(`/api/samples/${second}/trash`);
    expect(again.body.deletedAt).toBe(trashed.body.deletedAt);
  });

  it('restores two samples deleted one after the other, each in its own place', async () => {
    const three = await createThree();
    const order = await liveIds();
    await t.request.post(`/api/samples/${three[0]}/trash`);
    await t.request.post(`/api/samples/${three[1]}/trash`);
    expect(ids(await trashList()).slice(0, 2)).toEqual([three[1], three[0]]);

    const restored = await t.request.post(`/api/samples/${three[0]}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: three[0], title: 'First', displayOrder: 0 });
    expect((await t.request.post(`/api/samples/${three[1]}/restore`)).status).toBe(200);
    expect(await liveIds()).toEqual(order);
    expect(ids(await trashList())).not.toContain(three[0]);
    // Restoring twice is harmless.
    const twice = await t.request.post(`/api/samples/${three[1]}/restore`);
    expect(twice.status).toBe(200);
    expect(await liveIds()).toEqual(order);
  });

  it('deletes forever only what is in the trash, with its audio', async () => {
    const [first, second] = await createThree();
    const audioUrl = ((await visitor.get('/api/samples')).body as PublicSample[]).find((s) => s.id === first)!.audioUrl;
    expect((await t.request.delete(`/api/samples/${second}/trash`)).status).toBe(409);
    expect(await liveIds()).toContain(second);
    await t.request.post(`/api/samples/${first}/trash`);
    expect((await t.request.delete(`/api/samples/${first}/trash`)).status).toBe(204);
    expect(ids(await trashList())).not.toContain(first);
    expect((await visitor.get(audioUrl)).status).toBe(404);
    expect((await t.request.post(`/api/samples/${first}/restore`)).status).toBe(404);
    expect((await t.request.delete(`/api/samples/${first}/trash`)).status).toBe(404);
  });

  it('purges samples trashed more than 30 days ago, with their audio, and keeps younger ones', async () => {
    const [old, young] = await createThree();
    const listed = (await visitor.get('/api/samples')).body as PublicSample[];
    const oldAudio = listed.find((s) => s.id === old)!.audioUrl;
    const youngAudio = listed.find((s) => s.id === young)!.audioUrl;
    const { sampleTrash } = t.services.samples;
    const now = new Date();
    await sampleTrash.trash(old, new Date(now.getTime() - TRASH_RETENTION_MS - 60_000));
    await sampleTrash.trash(young, new Date(now.getTime() - TRASH_RETENTION_MS + 60_000));

    // Two instances purging at the same moment: the row goes once, and nothing fails.
    const purged = await Promise.all([sampleTrash.purgeExpired(now), sampleTrash.purgeExpired(now)]);
    expect(purged[0] + purged[1]).toBeGreaterThanOrEqual(1);
    expect(ids(await trashList())).not.toContain(old);
    expect(ids(await trashList())).toContain(young);
    expect((await t.request.post(`/api/samples/${old}/restore`)).status).toBe(404);
    expect((await visitor.get(oldAudio)).status).toBe(404);
    expect((await visitor.get(youngAudio)).status).toBe(200);
  });

  it('keeps the DELETE contract: gone at once, with its audio, and not in the trash', async () => {
    const [first] = await createThree();
    const audioUrl = ((await visitor.get('/api/samples')).body as PublicSample[]).find((s) => s.id === first)!.audioUrl;
    const res = await t.request.delete(`/api/samples/${first}`);
    expect(res.status).toBe(204);
    expect(await liveIds()).not.toContain(first);
    expect(ids(await trashList())).not.toContain(first);
    expect((await visitor.get(audioUrl)).status).toBe(404);
    expect((await t.request.delete(`/api/samples/${first}`)).status).toBe(404);
  });

  it('answers 404 for unknown ids and 401 to visitors', async () => {
    for (const path of ['/api/samples/999999/trash', '/api/samples/abc/trash', '/api/samples/999999/restore']) {
      expect((await t.request.post(path)).status, path).toBe(404);
    }
    expect((await t.request.delete('/api/samples/999999/trash')).status).toBe(404);
    const [first] = await createThree();
    expect((await visitor.get('/api/samples/trash')).status).toBe(401);
    expect((await visitor.post(`/api/samples/${first}/trash`)).status).toBe(401);
    expect((await visitor.post(`/api/samples/${first}/restore`)).status).toBe(401);
    expect((await visitor.delete(`/api/samples/${first}/trash`)).status).toBe(401);
    expect(await liveIds()).toContain(first);
  });
});
