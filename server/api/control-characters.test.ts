import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '#server/auth/admin-users.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { allRows } from '#server/test-support/site-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';
import { uploadAudio } from '#server/test-support/test-audio.ts';

const pages = { kind: 'production', buildDir: path.join(import.meta.dirname, '..', 'test-support', 'page-build') } as const;
const ORIGIN = 'http://localhost:3000';
const NUL = '\u0000';

/** The owner's notice of a stored message goes out in the background; a comparison of rows waits for it. */
async function noticesSent(t: TestApp): Promise<void> {
  for (let tries = 0; tries < 500; tries += 1) {
    const pending = await t.services.db.selectFrom('contactNotices').select('id').where('sentAt', 'is', null).executeTakeFirst();
    if (!pending) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('contact notices were not sent');
}

const contact = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+1 404 555 0100', message: 'Please master my new single.' };

/**
 * A NUL in any text field used to reach PostgreSQL, which refuses it: a 500. Every field of every
 * endpoint that takes text now answers 400 naming the field, and nothing is written.
 */
describe.each(testDialects())('control characters in text fields (%s)', (dialect) => {
  let t: TestApp;
  let audioUrl: string;
  let sampleId: number;
  let submissionId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, { asAdmin: true, pages });
    await createAdmin(t.services.db, { username: 'owner', email: 'owner@example.com', password: 'correct-horse-9' });
    audioUrl = await uploadAudio(t);
    sampleId = (await t.request.post('/api/samples').send({ title: 'Existing', audioUrl })).body.id as number;
    submissionId = (await t.request.post('/api/contact').send(contact)).body.id as number;
    await t.services.samples.sampleAnalysis.idle();
    await noticesSent(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Sends the request and expects a 400 naming `field`, with the database exactly as it was. */
  async function expectRefused(send: () => PromiseLike<{ status: number; body: { errors?: Record<string, string[]> } }>, field: string) {
    const before = await allRows(t);
    const res = await send();
    expect(res.status, field).toBe(400);
    expect(res.body.errors?.[field]?.join(' '), field).toMatch(/must not contain control characters/);
    expect(await allRows(t)).toEqual(before);
  }

  it.each([
    ['name', `Ada${NUL}`],
    ['email', `ada${NUL}@example.com`],
    ['phone', `404${NUL}555`],
    ['message', `Please master${NUL} my new single.`],
    ['message', 'Please master my \u001b[31mnew single.'],
    ['name', 'Ada\u007f Lovelace'],
    ['name', 'Ada \ud800 Lovelace'],
  ])('POST /api/contact refuses %s = %j', async (field, value) => {
    await expectRefused(() => t.request.post('/api/contact').send({ ...contact, [field]: value }), field);
  });

  it('keeps tabs and line breaks in a message, but not in a name', async () => {
    const multiline = await t.request.post('/api/contact').send({ ...contact, message: 'Line one,\r\n\tline two of the message.' });
    expect(multiline.status).toBe(201);
    await noticesSent(t);
    await expectRefused(() => t.request.post('/api/contact').send({ ...contact, name: 'Ada\nLovelace' }), 'name');
  });

  it('the contact form without JavaScript answers 400 with the field message', async () => {
    const before = await allRows(t);
    const res = await t.request
      .post('/contact')
      .set({ Origin: ORIGIN, Host: 'localhost:3000' })
      .type('form')
      .send({ ...contact, name: `Ada${NUL}` });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Name must not contain control characters');
    expect(await allRows(t)).toEqual(before);
  });

  it.each([
    ['/api/admin/login', { username: `owner${NUL}`, password: 'correct-horse-9' }, 'username'],
    ['/api/admin/login', { username: 'owner', password: `correct${NUL}horse` }, 'password'],
    ['/api/admin/forgot-password', { email: `owner${NUL}@example.com` }, 'email'],
    ['/api/admin/reset-password', { token: `abc${NUL}def`, password: 'a-new-password' }, 'token'],
    ['/api/admin/reset-password', { token: 'abcdef', password: `a-new${NUL}password` }, 'password'],
    ['/api/admin/change-password', { currentPassword: `x${NUL}`, newPassword: 'a-new-password' }, 'currentPassword'],
    ['/api/admin/change-password', { currentPassword: 'correct-horse-9', newPassword: `a-new${NUL}password` }, 'newPassword'],
  ])('POST %s refuses %j', async (url, body, field) => {
    await expectRefused(() => t.request.post(url).set('Origin', ORIGIN).send(body), field);
  });

  it.each(['title', 'artist', 'genre', 'description', 'duration', 'coverImageUrl', 'audioUrl'])(
    'sample create and update refuse a NUL in %s',
    async (field) => {
      const value = field === 'audioUrl' ? `${audioUrl}${NUL}` : field === 'coverImageUrl' ? `/images/a${NUL}.jpg` : `x${NUL}y`;
      const body = { title: 'A sample', audioUrl, [field]: value };
      await expectRefused(() => t.request.post('/api/samples').send(body), field);
      await expectRefused(() => t.request.put(`/api/samples/${sampleId}`).send(body), field);
    },
  );

  it('refuses control characters in the other admin inputs', async () => {
    await expectRefused(() => t.request.put('/api/audio-files').send({ audioFileURL: `/objects/uploads/x${NUL}` }), 'audioFileURL');
    const patch = await t.request.patch(`/api/contact-submissions/${submissionId}`).send({ status: `new${NUL}` });
    expect(patch.status).toBe(400);
  });

  it('refuses sample ids beyond a database integer in a reorder with 400', async () => {
    const before = await allRows(t);
    const res = await t.request.put('/api/samples/reorder').send({ sampleOrders: [{ id: 2 ** 31, displayOrder: 0 }] });
    expect(res.status).toBe(400);
    expect(res.body.errors.sampleOrders).toBeDefined();
    expect(await allRows(t)).toEqual(before);
  });
});
