import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SampleTrash, UNDO_WINDOW_MS } from '#server/samples/sample-trash.ts';
import { uploadAudio } from '#server/test-support/test-audio.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

describe.each(testDialects())('delete with undo on %s', (dialect) => {
  let t: TestApp;
  let visitor: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { asAdmin: true });
    visitor = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
    await visitor.close();
  });

  const createThree = async () => {
    const ids: number[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      const audioUrl = await uploadAudio(t);
      const res = await t.request.post('/api/samples').send({ title, audioUrl, genre: 'Pop' });
      ids.push(res.body.id);
    }
    await t.request.put('/api/samples/reorder').send({ sampleOrders: ids.map((id, displayOrder) => ({ id, displayOrder })) });
    await t.services.sampleAnalysis.idle();
    return ids;
  };

  it('removes the sample at once, keeps its audio, and restores it with the same id, order and analysis', async () => {
    const ids = await createThree();
    const before = (await t.request.get('/api/samples')).body;
    const middle = before.find((s: { id: number }) => s.id === ids[1]);
    const trash = await t.request.post(`/api/samples/${ids[1]}/trash`);
    expect(trash.status).toBe(200);
    expect(trash.body.restoreToken).toEqual(expect.any(String));
    expect((await t.request.get('/api/samples')).body.map((s: { id: number }) => s.id)).not.toContain(ids[1]);
    // The audio is still served, so Undo can bring the sample back playable.
    expect((await t.request.get(middle.audioUrl)).status).toBe(200);

    const restore = await t.request.post('/api/samples/restore').send({ restoreToken: trash.body.restoreToken });
    expect(restore.status).toBe(201);
    expect(restore.body).toEqual(middle);
    const after = (await t.request.get('/api/samples')).body;
    expect(after).toEqual(before);

    const again = await t.request.post('/api/samples/restore').send({ restoreToken: trash.body.restoreToken });
    expect(again.status).toBe(409);
  });

  it('refuses forged, malformed and expired tokens', async () => {
    const ids = await createThree();
    const trash = await t.request.post(`/api/samples/${ids[0]}/trash`);
    const [encoded, signature] = (trash.body.restoreToken as string).split('.');
    // A changed row under the genuine signature: whatever the row holds, its title is now different.
    const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as { row: { title: string } };
    payload.row.title = `${payload.row.title} (forged)`;
    const forgedRow = Buffer.from(JSON.stringify(payload)).toString('base64url');
    expect(forgedRow).not.toBe(encoded);
    for (const restoreToken of [
      `${forgedRow}.${signature}`,
      // One character of the signature changed (to one it does not already hold).
      `${encoded}.${signature.startsWith('x') ? 'y' : 'x'}${signature.slice(1)}`,
      'nonsense',
      `${encoded}.${signature}.x`,
    ]) {
      const res = await t.request.post('/api/samples/restore').send({ restoreToken });
      expect(res.status, restoreToken.slice(0, 20)).toBe(400);
    }
    expect((await t.request.post('/api/samples/restore').send({})).status).toBe(400);

    const { db, audioUploads, sampleAnalysis, config, logger } = t.services;
    const trashLater = new SampleTrash(db, audioUploads, sampleAnalysis, config.SESSION_SECRET, logger, () => {});
    const late = await trashLater.delete(ids[2], Date.now() - UNDO_WINDOW_MS - 1000);
    if (late.kind !== 'trashed') throw new Error('not trashed');
    const res = await t.request.post('/api/samples/restore').send({ restoreToken: late.restoreToken });
    expect(res.status).toBe(410);
  });

  it('releases the audio once the undo window is over', async () => {
    const ids = await createThree();
    const { db, audioUploads: uploads, sampleAnalysis, config, logger } = t.services;
    const later: Array<() => void> = [];
    const undo = new SampleTrash(db, uploads, sampleAnalysis, config.SESSION_SECRET, logger, (work) => later.push(work));
    const sample = (await t.request.get('/api/samples')).body.find((s: { id: number }) => s.id === ids[0]);
    await undo.delete(ids[0]);
    expect(await uploads.isRegistered(sample.audioUrl)).toBe(true);
    later.forEach((work) => work());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await uploads.isRegistered(sample.audioUrl)).toBe(false);
  });

  it('answers 404 for unknown samples and 401 to visitors', async () => {
    expect((await t.request.post('/api/samples/999999/trash')).status).toBe(404);
    expect((await t.request.post('/api/samples/abc/trash')).status).toBe(404);
    expect((await visitor.request.post('/api/samples/1/trash')).status).toBe(401);
    expect((await visitor.request.post('/api/samples/restore').send({ restoreToken: 'x' })).status).toBe(401);
  });
});
