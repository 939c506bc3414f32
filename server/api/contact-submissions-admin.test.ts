import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

const message = { name: 'Grace Hopper', email: 'grace@example.com', message: 'Could you master an EP of five songs?' };

describe.each(testDialects())('admin changes to contact submissions on %s', (dialect) => {
  let admin: TestApp;
  let visitor: TestApp;
  beforeAll(async () => {
    admin = await createTestApp(dialect, { asAdmin: true, env: { CONTACT_RATE_LIMIT: '1000' } });
    visitor = await createTestApp(dialect);
  });
  afterAll(async () => {
    await admin.close();
    await visitor.close();
  });

  const submit = async () => {
    const response = await admin.request.post('/api/contact').send(message);
    expect(response.status).toBe(201);
    return response.body.id as number;
  };
  const statusOf = async (id: number) =>
    (await admin.services.db.selectFrom('contactSubmissions').select('status').where('id', '=', id).executeTakeFirst())?.status;

  it('moves a submission through in_progress to completed and back to new', async () => {
    const id = await submit();
    for (const status of ['in_progress', 'completed', 'new'] as const) {
      const response = await admin.request.patch(`/api/contact-submissions/${id}`).send({ status });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id, status, ...message, phone: null });
      expect(await statusOf(id)).toBe(status);
    }
    const list = await admin.request.get('/api/contact-submissions');
    expect(list.body.find((row: { id: number }) => row.id === id).status).toBe('new');
  });

  it('refuses bad bodies with 400 and leaves the status alone', async () => {
    const id = await submit();
    const bodies: unknown[] = [{}, { status: 'done' }, { status: 'NEW' }, { status: 1 }, { status: null }, ['new']];
    for (const body of bodies) {
      const response = await admin.request.patch(`/api/contact-submissions/${id}`).send(body as object);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBe('Invalid status');
      expect(Object.keys(response.body.errors ?? {}).length).toBeGreaterThan(0);
    }
    const malformed = await admin.request
      .patch(`/api/contact-submissions/${id}`)
      .set('Content-Type', 'application/json')
      .send('{"status":');
    expect(malformed.status).toBe(400);
    expect(await statusOf(id)).toBe('new');
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['999999', '0', '-1', 'abc', '1.5', '12345678901']) {
      const patch = await admin.request.patch(`/api/contact-submissions/${id}`).send({ status: 'completed' });
      expect(patch.status, id).toBe(404);
      expect(patch.body.message).toBe('Contact submission not found');
      const del = await admin.request.delete(`/api/contact-submissions/${id}`);
      expect(del.status, id).toBe(404);
    }
  });

  it('deletes a submission and its owner notice', async () => {
    const id = await submit();
    const response = await admin.request.delete(`/api/contact-submissions/${id}`);
    expect(response.status).toBe(204);
    expect(await statusOf(id)).toBeUndefined();
    const notices = await admin.services.db.selectFrom('contactNotices').select('id').where('submissionId', '=', id).execute();
    expect(notices).toEqual([]);
    expect((await admin.request.delete(`/api/contact-submissions/${id}`)).status).toBe(404);
  });

  it('is for admins only', async () => {
    const created = await visitor.request.post('/api/contact').send(message);
    const id = created.body.id as number;
    const patch = await visitor.request.patch(`/api/contact-submissions/${id}`).send({ status: 'completed' });
    expect(patch.status).toBe(401);
    const del = await visitor.request.delete(`/api/contact-submissions/${id}`);
    expect(del.status).toBe(401);
    const row = await visitor.services.db.selectFrom('contactSubmissions').select('status').where('id', '=', id).executeTakeFirst();
    expect(row?.status).toBe('new');
  });

  it('answers 405 for other methods on a submission', async () => {
    const response = await admin.request.put('/api/contact-submissions/1').send({ status: 'new' });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('PATCH, DELETE');
  });
});
