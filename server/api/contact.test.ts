import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STUDIO_EMAIL } from '#common/site-content/defaults.ts';
import { createAdmin } from '#server/auth/admin-users.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import { issueContactFormToken } from '#server/cookies/form-token.ts';
import { retryDueNotices } from '#server/contact/notice-delivery.ts';
import type { MailMessage, Mailer } from '#server/email/mailer.ts';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please master my new single, due in May.' };

/** Messages in the inbox (the spam folder's are counted apart). */
async function countSubmissions(app: TestApp) {
  const row = await app.services.db
    .selectFrom('contactSubmissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('spamReason', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The reasons of the spam folder's messages, oldest first. */
async function spamReasons(app: TestApp, since: number) {
  const rows = await app.services.db
    .selectFrom('contactSubmissions')
    .select('spamReason')
    .where('spamReason', 'is not', null)
    .where('id', '>', since)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.spamReason);
}

async function lastId(app: TestApp) {
  const row = await app.services.db
    .selectFrom('contactSubmissions')
    .select((eb) => eb.fn.max('id').as('maxId'))
    .executeTakeFirst();
  return Number(row?.maxId ?? 0);
}

async function until<T>(read: () => Promise<T | undefined | null | false>, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function outboxMessages(app: TestApp): Promise<Array<MailMessage & { from: string }>> {
  const dir = path.join(app.services.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.json')).sort();
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), 'utf8'))));
}

/** A mail transport that can be switched off, like an SMTP server that is down. */
function switchableMailer() {
  const sent: MailMessage[] = [];
  const state = { down: false };
  const mailer: Mailer = {
    destination: 'test',
    async send(message) {
      if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(message);
    },
    close() {},
  };
  return { mailer, sent, state };
}

describe.each(testDialects())('POST /api/contact on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    // High limit here: the limit has its own app below.
    app = await createTestApp(dialect, { env: { CONTACT_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('stores the message with status new and answers 201 with id, status and createdAt', async () => {
    const response = await app.request.post('/api/contact').send({ ...valid, phone: ' 404-555-0100 ' });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(['createdAt', 'id', 'status']);
    expect(response.body).toMatchObject({ id: expect.any(Number), status: 'new' });
    expect(new Date(response.body.createdAt).toISOString()).toBe(response.body.createdAt);
    const row = await app.services.db
      .selectFrom('contactSubmissions')
      .selectAll()
      .where('id', '=', response.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...valid, phone: '404-555-0100', status: 'new' });
  });

  it('stores no phone when it is blank or omitted', async () => {
    const blank = await app.request.post('/api/contact').send({ ...valid, phone: '   ' });
    const omitted = await app.request.post('/api/contact').send(valid);
    for (const response of [blank, omitted]) {
      expect(response.status).toBe(201);
      const row = await app.services.db
        .selectFrom('contactSubmissions')
        .select('phone')
        .where('id', '=', response.body.id)
        .executeTakeFirstOrThrow();
      expect(row.phone).toBeNull();
    }
  });

  const rules: Array<[string, object, Record<string, string[]>]> = [
    ['missing name', { ...valid, name: undefined }, { name: ['Name is required'] }],
    ['blank name', { ...valid, name: '  ' }, { name: ['Name is required'] }],
    ['one-letter name', { ...valid, name: 'A' }, { name: ['Name must be at least 2 characters'] }],
    ['missing email', { ...valid, email: '' }, { email: ['Email is required'] }],
    ['bad email', { ...valid, email: 'ada.example.com' }, { email: ['Please enter a valid email address'] }],
    ['missing message', { ...valid, message: undefined }, { message: ['Message is required'] }],
    ['short message', { ...valid, message: 'Hi there' }, { message: ['Message must be at least 10 characters'] }],
    ['long name', { ...valid, name: 'x'.repeat(101) }, { name: ['Name must be at most 100 characters'] }],
    ['long email', { ...valid, email: `${'x'.repeat(243)}@example.com` }, { email: ['Email must be at most 254 characters'] }],
    ['long phone', { ...valid, phone: '5'.repeat(41) }, { phone: ['Phone must be at most 40 characters'] }],
    ['long message', { ...valid, message: 'x'.repeat(5001) }, { message: ['Message must be at most 5000 characters'] }],
    ['name that is not text', { ...valid, name: ['Ada'] }, { name: ['Name must be text'] }],
    ['empty object', {}, { name: ['Name is required'], email: ['Email is required'], message: ['Message is required'] }],
  ];
  it.each(rules)('answers 400 with per-field errors and stores nothing for a %s', async (_label, body, errors) => {
    const before = await countSubmissions(app);
    const response = await app.request.post('/api/contact').send(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Please check the form: some fields are missing or invalid.', errors });
    expect(await countSubmissions(app)).toBe(before);
  });

  it('answers malformed, non-object, non-JSON and oversize bodies with a 4xx JSON message', async () => {
    const before = await countSubmissions(app);
    const malformed = await app.request.post('/api/contact').set('Content-Type', 'application/json').send('{"name": "Ada",');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Malformed JSON body' });

    const array = await app.request.post('/api/contact').send([valid]);
    expect(array.status).toBe(400);
    expect(array.body.errors).toHaveProperty('name');

    const form = await app.request.post('/api/contact').type('form').send(valid);
    expect(form.status).toBe(415);
    expect(form.body.message).toMatch(/JSON/);

    const empty = await app.request.post('/api/contact');
    expect(empty.status).toBe(400);

    const huge = await app.request.post('/api/contact').send({ ...valid, message: 'x'.repeat(200 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'Request body is too large' });
    expect(await countSubmissions(app)).toBe(before);
  });

  it('gives a filled honeypot the normal success answer, keeps the message as spam and mails nothing', async () => {
    const before = await countSubmissions(app);
    const since = await lastId(app);
    // Notices for the messages above go out after their answers: count the outbox once they have.
    await until(
      async () => (await app.services.db.selectFrom('contactNotices').select('id').where('sentAt', 'is', null).execute()).length === 0,
    );
    const mailsBefore = (await outboxMessages(app)).length;
    const response = await app.request.post('/api/contact').send({ ...valid, url_confirm: 'https://spam.example' });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(['createdAt', 'id', 'status']);
    expect(response.body).toMatchObject({ status: 'new', createdAt: expect.any(String) });
    expect(response.body.id).toBeGreaterThan(since);
    expect(await countSubmissions(app)).toBe(before);
    expect(await spamReasons(app, since)).toEqual(['honeypot']);
    const notices = await app.services.db.selectFrom('contactNotices').select('id').where('submissionId', '=', response.body.id).execute();
    expect(notices).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await outboxMessages(app)).length).toBe(mailsBefore);
  });

  it('keeps a form sent under 2 seconds after render (or with a forged token) as spam', async () => {
    const secret = app.services.config.SESSION_SECRET;
    const before = await countSubmissions(app);
    const since = await lastId(app);
    const fast = await app.request.post('/api/contact').send({ ...valid, formToken: issueContactFormToken(secret, Date.now() - 500) });
    const forged = await app.request
      .post('/api/contact')
      .send({ ...valid, formToken: issueContactFormToken('another-secret-another-secret-xx', Date.now() - 5000) });
    const future = await app.request.post('/api/contact').send({ ...valid, formToken: issueContactFormToken(secret, Date.now() + 60_000) });
    for (const response of [fast, forged, future]) expect(response.status).toBe(201);
    expect(await countSubmissions(app)).toBe(before);
    expect(await spamReasons(app, since)).toEqual(['too-fast', 'forged-token', 'forged-token']);

    const human = await app.request
      .post('/api/contact')
      .send({ ...valid, url_confirm: '', formToken: issueContactFormToken(secret, Date.now() - 2500) });
    expect(human.status).toBe(201);
    expect(await countSubmissions(app)).toBe(before + 1);
  });

  it('times the site form from its stamp cookie: sent at once it is a bot, after a while a person', async () => {
    const stamp = await app.request.get('/api/contact/form-stamp');
    expect(stamp.status).toBe(200);
    expect(stamp.headers['content-type']).toMatch(/^text\/css/);
    expect(stamp.headers['cache-control']).toBe('no-store');
    const cookie = (stamp.headers['set-cookie'] as unknown as string[])[0]!;
    expect(cookie).toMatch(/^studio\.form_stamp=\d+\.[\w-]{32}; Path=\/; Max-Age=86400; HttpOnly; SameSite=Strict$/);
    const before = await countSubmissions(app);
    const since = await lastId(app);
    const atOnce = await app.request.post('/api/contact').set('Cookie', cookie.split(';')[0]!).send(valid);
    expect(atOnce.status).toBe(201);
    expect(await countSubmissions(app)).toBe(before);
    expect(await spamReasons(app, since)).toEqual(['too-fast']);

    const secret = app.services.config.SESSION_SECRET;
    const opened = `studio.form_stamp=${issueContactFormToken(secret, Date.now() - 30_000)}`;
    expect((await app.request.post('/api/contact').set('Cookie', opened).send(valid)).status).toBe(201);
    expect(await countSubmissions(app)).toBe(before + 1);
    const forged = `studio.form_stamp=${issueContactFormToken('another-secret-another-secret-xx', Date.now() - 30_000)}`;
    expect((await app.request.post('/api/contact').set('Cookie', forged).send(valid)).status).toBe(201);
    expect(await countSubmissions(app)).toBe(before + 1);
    expect(await spamReasons(app, since)).toEqual(['too-fast', 'forged-token']);
  });

  it('answers only GET for the form stamp', async () => {
    expect((await app.request.post('/api/contact/form-stamp').send({})).status).toBe(405);
  });

  it('refuses the submissions list to visitors with 401 JSON', async () => {
    const response = await app.request.get('/api/contact-submissions');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Authentication required' });
  });

  it('e-mails the owner at the site address with the visitor as Reply-To', async () => {
    const response = await app.request
      .post('/api/contact')
      .send({ ...valid, name: 'Grace Hopper', email: 'grace@example.com', phone: '+1 404 555 0199' });
    expect(response.status).toBe(201);
    const mail = await until(async () => (await outboxMessages(app)).find((m) => m.subject.includes('Grace Hopper')));
    expect(mail).toMatchObject({
      to: DEFAULT_STUDIO_EMAIL,
      replyTo: 'grace@example.com',
      subject: 'New consultation request from Grace Hopper',
    });
    expect(mail.text).toContain(valid.message);
    expect(mail.text).toContain('+1 404 555 0199');
    // The notice is marked sent just after the mail is handed over: wait for that write too.
    const notice = await until(async () => {
      const row = await app.services.db
        .selectFrom('contactNotices')
        .selectAll()
        .where('submissionId', '=', response.body.id)
        .executeTakeFirst();
      return row?.sentAt ? row : undefined;
    });
    expect(notice.sentAt).not.toBeNull();
  });

  it("names the studio as the owner renamed it, and goes to the studio's new public address", async () => {
    const owner = await createAdmin(app.services.db, {
      username: 'notice-owner',
      email: 'notice-owner@example.com',
      password: 'correct-horse-9',
    });
    const studio = { ...(await app.services.site.siteContent.read()).studio, name: 'Peachtree Sound', email: 'hello@peachtree.test' };
    expect((await app.services.site.siteContent.save('studio', studio, owner)).kind).toBe('saved');
    const response = await app.request.post('/api/contact').send({ ...valid, name: 'Katherine Johnson' });
    expect(response.status).toBe(201);
    const mail = await until(async () => (await outboxMessages(app)).find((m) => m.subject.includes('Katherine Johnson')));
    expect(mail.to).toBe('hello@peachtree.test');
    expect(mail.text).toContain('New message from the contact form on Peachtree Sound.');
  });
});

describe.each(testDialects())('contact notices when the mail server fails, on %s', (dialect) => {
  const transport = switchableMailer();
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(dialect, { mailer: transport.mailer, env: { STUDIO_EMAIL: 'owner@studio.test' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('still stores the submission, records the unsent notice, and a later retry sends it', async () => {
    transport.state.down = true;
    const response = await app.request.post('/api/contact').send(valid);
    expect(response.status).toBe(201);
    const stored = await app.services.db.selectFrom('contactSubmissions').selectAll().where('id', '=', response.body.id).executeTakeFirst();
    expect(stored).toMatchObject(valid);
    const failed = await until(() =>
      app.services.db
        .selectFrom('contactNotices')
        .selectAll()
        .where('submissionId', '=', response.body.id)
        .where('lastError', 'is not', null)
        .executeTakeFirst(),
    );
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(failed.lastError).toContain('ECONNREFUSED');

    // A retry before the back-off has passed does nothing; after it, still down: a second failure.
    expect(await retryDueNotices(app.services)).toEqual({ sent: 0, failed: 0, skipped: 0 });
    const later = new Date(Date.now() + 60 * 60_000);
    expect(await retryDueNotices(app.services, later)).toMatchObject({ sent: 0, failed: 1 });

    transport.state.down = false;
    const muchLater = new Date(Date.now() + 3 * 60 * 60_000);
    expect(await retryDueNotices(app.services, muchLater)).toMatchObject({ sent: 1, failed: 0 });
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]).toMatchObject({ to: 'owner@studio.test', replyTo: valid.email });
    const notice = await app.services.db
      .selectFrom('contactNotices')
      .selectAll()
      .where('submissionId', '=', response.body.id)
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ attempts: 3, lastError: null });
    expect(notice.sentAt).not.toBeNull();
    // Sent notices are never sent again.
    expect(await retryDueNotices(app.services, new Date(Date.now() + 24 * 60 * 60_000))).toEqual({ sent: 0, failed: 0, skipped: 0 });
    expect(transport.sent).toHaveLength(1);
  });
});

describe.each(testDialects())('contact rate limit on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(dialect, { env: { CONTACT_RATE_LIMIT: '2' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('allows CONTACT_RATE_LIMIT messages per IP in 10 minutes, spam included, then 429 JSON with Retry-After', async () => {
    // Invalid attempts do not use up the allowance.
    expect((await app.request.post('/api/contact').send({ ...valid, name: '' })).status).toBe(400);
    expect((await app.request.post('/api/contact').send(valid)).status).toBe(201);
    expect((await app.request.post('/api/contact').send({ ...valid, url_confirm: 'x' })).status).toBe(201);
    const limited = await app.request.post('/api/contact').send(valid);
    expect(limited.status).toBe(429);
    // A flood from one address stops here, before the database: the spam after the limit is not kept either.
    expect((await app.request.post('/api/contact').send({ ...valid, url_confirm: 'x' })).status).toBe(429);
    expect(limited.body.message).toBe('Too many messages from your connection. Please try again in 10 minutes.');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const row = await app.services.db
      .selectFrom('contactSubmissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(2);
  });
});

describe.each(testDialects())('GET /api/contact-submissions on %s', (dialect) => {
  let admin: TestApp;
  beforeAll(async () => {
    admin = await createTestApp(dialect, { asAdmin: true });
  });
  afterAll(async () => {
    await admin.close();
  });

  it('lists submissions newest first with the spec fields, plus whether the owner opened them', async () => {
    const first = await admin.request.post('/api/contact').send({ ...valid, name: 'First Visitor' });
    const second = await admin.request.post('/api/contact').send({ ...valid, name: 'Second Visitor', phone: '404' });
    const response = await admin.request.get('/api/contact-submissions');
    expect(response.status).toBe(200);
    expect(response.body.map((s: { id: number }) => s.id)).toEqual([second.body.id, first.body.id]);
    expect(response.body[0]).toEqual({
      id: second.body.id,
      name: 'Second Visitor',
      email: valid.email,
      phone: '404',
      message: valid.message,
      status: 'new',
      readAt: null,
      createdAt: second.body.createdAt,
    });
    expect(response.body[1].phone).toBeNull();
  });
});
