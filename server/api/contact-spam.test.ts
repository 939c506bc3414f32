import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPAM_KEPT_DAYS } from '#common/contact-spam.ts';
import { issueContactFormToken } from '#server/cookies/form-token.ts';
import { pruneOldSpam, SPAM_KEPT_MAX, SPAM_KEPT_PER_ADDRESS_PER_DAY } from '#server/contact/spam.ts';
import type { Mailer, MailMessage } from '#server/email/mailer.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { parseCsv } from '#server/test-support/parse-csv.ts';
import { testDialects } from '#server/test-support/services.ts';

const message = { name: 'Grace Hopper', email: 'grace@example.com', message: 'Could you master an EP of five songs?' };
const DAY_MS = 24 * 60 * 60 * 1000;

async function until<T>(read: () => Promise<T | undefined | null | false>, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every e-mail the app hands over, kept in memory. */
function recordingMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    destination: 'test',
    async send(mail) {
      sent.push(mail);
    },
    close() {},
  };
  return { mailer, sent };
}

describe.each(testDialects())('the contact spam folder on %s', (dialect) => {
  const transport = recordingMailer();
  let admin: TestApp;
  let visitor: TestApp;
  beforeAll(async () => {
    admin = await createTestApp(dialect, {
      asAdmin: true,
      mailer: transport.mailer,
      env: { CONTACT_RATE_LIMIT: '100000', STUDIO_EMAIL: 'owner@studio.test' },
    });
    visitor = await createTestApp(dialect);
  });
  afterAll(async () => {
    await admin.close();
    await visitor.close();
  });

  const post = (fields: Record<string, string> = {}) => admin.request.post('/api/contact').send({ ...message, ...fields });
  const fast = (fields: Record<string, string> = {}) =>
    post({ formToken: issueContactFormToken(admin.services.config.SESSION_SECRET, Date.now() - 300), ...fields });
  const honeypot = (fields: Record<string, string> = {}) => post({ url_confirm: 'https://spam.example', ...fields });
  const inbox = async () => (await admin.request.get('/api/contact-submissions')).body as Array<{ id: number; name: string }>;
  const spam = async () => {
    const response = await admin.request.get('/api/contact-submissions?folder=spam');
    expect(response.status).toBe(200);
    return response.body as Array<{ id: number; name: string; spamReason: string; readAt: string | null }>;
  };
  /** Waits for every notice to be settled, so "no e-mail" is not an e-mail still on its way. */
  const settled = () =>
    until(
      async () => (await admin.services.db.selectFrom('contactNotices').select('id').where('sentAt', 'is', null).execute()).length === 0,
    );
  const setAcknowledgement = async (enabled: boolean) =>
    expect((await admin.request.put('/api/contact-acknowledgement').send({ enabled, text: 'Thanks, we got your message.' })).status).toBe(
      200,
    );

  it('answers fast and honeypot messages exactly like a real one, keeps them as spam and mails nobody', async () => {
    await setAcknowledgement(true);
    const real = await post({ name: 'Real Person' });
    await settled();
    const mailsBefore = transport.sent.length;
    const tooFast = await fast({ name: 'Fast Filler' });
    const filled = await honeypot({ name: 'Field Filler' });
    for (const response of [real, tooFast, filled]) {
      expect(response.status).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(Object.keys(response.body).sort()).toEqual(['createdAt', 'id', 'status']);
      expect(response.body.status).toBe('new');
    }
    expect(tooFast.body.id).toBeGreaterThan(real.body.id);

    const names = (await inbox()).map((item) => item.name);
    expect(names).toContain('Real Person');
    expect(names).not.toContain('Fast Filler');
    expect(names).not.toContain('Field Filler');
    const kept = await spam();
    expect(kept.slice(0, 2)).toMatchObject([
      { id: filled.body.id, name: 'Field Filler', spamReason: 'honeypot', readAt: null, createdAt: filled.body.createdAt },
      { id: tooFast.body.id, name: 'Fast Filler', spamReason: 'too-fast', readAt: null },
    ]);

    await settled();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(transport.sent.length).toBe(mailsBefore);
    const notices = await admin.services.db
      .selectFrom('contactNotices')
      .select('id')
      .where('submissionId', 'in', [tooFast.body.id, filled.body.id])
      .execute();
    expect(notices).toEqual([]);
    await setAcknowledgement(false);
  });

  it('leaves the inbox feed, its pending count and the CSV export alone', async () => {
    const before = (await admin.request.get('/api/contact-submissions/feed')).body as { version: string };
    await honeypot({ name: 'Feed Spammer' });
    const after = await admin.request.get(`/api/contact-submissions/feed?version=${before.version}`);
    expect(after.body).toEqual({ version: before.version, submissions: null });

    const csv = await admin.request.get('/api/contact-submissions/export').buffer(true);
    expect(csv.status).toBe(200);
    const rows = parseCsv(csv.text.slice(1));
    expect(rows.slice(1).map((row) => row[3])).not.toContain('Feed Spammer');
    expect(rows.length - 1).toBe((await inbox()).length);
  });

  it('moves a message to the inbox with exactly one owner notice and no acknowledgement', async () => {
    await setAcknowledgement(true);
    const caught = await fast({ name: 'Wrongly Caught', email: 'caught@example.com' });
    await settled();
    const mailsBefore = transport.sent.length;

    const moved = await admin.request.post(`/api/contact-submissions/${caught.body.id}/not-spam`).send();
    expect(moved.status).toBe(200);
    expect(moved.headers['cache-control']).toBe('no-store');
    expect(moved.body).toMatchObject({ id: caught.body.id, name: 'Wrongly Caught', status: 'new', readAt: null });
    expect(moved.body).not.toHaveProperty('spamReason');
    expect((await inbox()).map((item) => item.id)).toContain(caught.body.id);
    expect((await spam()).map((item) => item.id)).not.toContain(caught.body.id);

    await settled();
    const mails = transport.sent.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'owner@studio.test', replyTo: 'caught@example.com' });
    expect(mails[0]!.subject).toContain('Wrongly Caught');

    // Twice (another tab, a double click): refused, and no second notice.
    const again = await admin.request.post(`/api/contact-submissions/${caught.body.id}/not-spam`).send();
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'That message is not in the spam folder' });
    await settled();
    expect(transport.sent.length).toBe(mailsBefore + 1);
    await setAcknowledgement(false);
  });

  it('moves a message only once when two requests race', async () => {
    const caught = await honeypot({ name: 'Raced Message' });
    await settled();
    const mailsBefore = transport.sent.length;
    const answers = await Promise.all(
      [1, 2, 3].map(() => admin.request.post(`/api/contact-submissions/${caught.body.id}/not-spam`).send()),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    await settled();
    expect(transport.sent.length).toBe(mailsBefore + 1);
  });

  it('refuses an inbox message with 409, unknown or malformed ids with 404, other methods with 405', async () => {
    const real = await post({ name: 'Inbox Resident' });
    const conflict = await admin.request.post(`/api/contact-submissions/${real.body.id}/not-spam`).send();
    expect(conflict.status).toBe(409);
    expect((await inbox()).map((item) => item.id)).toContain(real.body.id);
    for (const id of ['999999', '0', '-1', 'abc', '1.5', '2147483648', '99999999999999999999', '%00']) {
      const response = await admin.request.post(`/api/contact-submissions/${id}/not-spam`).send();
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual({ message: 'Contact submission not found' });
    }
    const get = await admin.request.get(`/api/contact-submissions/${real.body.id}/not-spam`);
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
  });

  it('is for the owner only, and refuses a cross-site write', async () => {
    const caught = await honeypot({ name: 'Guarded Message' });
    expect((await visitor.request.get('/api/contact-submissions?folder=spam')).status).toBe(401);
    expect((await visitor.request.post(`/api/contact-submissions/${caught.body.id}/not-spam`).send()).status).toBe(401);
    const crossSite = await admin.request
      .post(`/api/contact-submissions/${caught.body.id}/not-spam`)
      .set('Origin', 'https://evil.example')
      .send();
    expect(crossSite.status).toBe(403);
    expect((await spam()).map((item) => item.id)).toContain(caught.body.id);
  });

  it('refuses an unknown folder with 400', async () => {
    for (const query of ['?folder=junk', '?folder=', '?folder=spam&folder=inbox']) {
      const response = await admin.request.get(`/api/contact-submissions${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.message).toBe('Invalid folder');
    }
    expect((await admin.request.get('/api/contact-submissions?folder=inbox')).body).toEqual(await inbox());
  });

  it(`deletes spam ${SPAM_KEPT_DAYS} days after it arrived and never the inbox`, async () => {
    const now = Date.now();
    const at = (days: number) => new Date(now - days * DAY_MS).toISOString();
    const rows = await admin.services.db
      .insertInto('contactSubmissions')
      .values([
        { ...message, name: 'Old Spam', spamReason: 'too-fast', createdAt: at(SPAM_KEPT_DAYS + 1), updatedAt: at(SPAM_KEPT_DAYS + 1) },
        { ...message, name: 'Recent Spam', spamReason: 'honeypot', createdAt: at(SPAM_KEPT_DAYS - 1), updatedAt: at(1) },
        { ...message, name: 'Old Inbox', createdAt: at(SPAM_KEPT_DAYS + 60), updatedAt: at(SPAM_KEPT_DAYS + 60) },
      ])
      .returning(['id', 'name'])
      .execute();
    expect(await pruneOldSpam(admin.services.db, new Date(now))).toBe(1);
    const left = await admin.services.db
      .selectFrom('contactSubmissions')
      .select('name')
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    expect(left.map((row) => row.name).sort()).toEqual(['Old Inbox', 'Recent Spam']);
    expect((await spam()).map((item) => item.name)).not.toContain('Old Spam');
    // Nothing more to do an hour later.
    expect(await pruneOldSpam(admin.services.db, new Date(now + 60 * 60_000))).toBe(0);
  });

  it(`keeps at most ${SPAM_KEPT_MAX} spam messages, dropping the oldest first`, async () => {
    await admin.services.db.deleteFrom('contactSubmissions').where('spamReason', 'is not', null).execute();
    const inboxBefore = (await inbox()).length;
    const base = Date.now() - 10 * DAY_MS;
    await admin.services.db
      .insertInto('contactSubmissions')
      .values(
        Array.from({ length: SPAM_KEPT_MAX }, (_, i) => ({
          ...message,
          name: `Flood ${i}`,
          spamReason: 'honeypot' as const,
          createdAt: new Date(base + i * 1000).toISOString(),
          updatedAt: new Date(base + i * 1000).toISOString(),
        })),
      )
      .execute();
    const response = await honeypot({ name: 'One Too Many' });
    expect(response.status).toBe(201);
    const kept = await spam();
    expect(kept).toHaveLength(SPAM_KEPT_MAX);
    expect(kept[0]!.name).toBe('One Too Many');
    expect(kept.at(-1)!.name).toBe('Flood 1');
    expect(kept.map((item) => item.name)).not.toContain('Flood 0');
    expect((await inbox()).length).toBe(inboxBefore);
  });
});

describe.each(testDialects())('spam kept per address on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(dialect, { asAdmin: true, env: { CONTACT_RATE_LIMIT: '1000', TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => app.close());

  const from = (ip: string, fields: Record<string, string>) =>
    app.request
      .post('/api/contact')
      .set('X-Forwarded-For', ip)
      .send({ ...message, ...fields });
  const keptNames = async () =>
    ((await app.request.get('/api/contact-submissions?folder=spam')).body as Array<{ name: string }>).map((item) => item.name);

  it(`keeps ${SPAM_KEPT_PER_ADDRESS_PER_DAY} a day from one address; the rest get the same answer and are not kept`, async () => {
    for (let i = 0; i < SPAM_KEPT_PER_ADDRESS_PER_DAY; i++) {
      expect((await from('198.51.100.7', { name: `Bot ${i}`, url_confirm: 'x' })).status).toBe(201);
    }
    const beyond = await from('198.51.100.7', { name: 'Bot Beyond', url_confirm: 'x' });
    expect(beyond.status).toBe(201);
    expect(Object.keys(beyond.body).sort()).toEqual(['createdAt', 'id', 'status']);
    expect(beyond.body.status).toBe('new');
    // Another address is kept; a real message from the busy one still reaches the inbox.
    expect((await from('198.51.100.8', { name: 'Other Address', url_confirm: 'x' })).status).toBe(201);
    const real = await from('198.51.100.7', { name: 'Real From Busy Address' });
    expect(real.status).toBe(201);

    const kept = await keptNames();
    expect(kept).toHaveLength(SPAM_KEPT_PER_ADDRESS_PER_DAY + 1);
    expect(kept).toContain('Other Address');
    expect(kept).not.toContain('Bot Beyond');
    const inbox = (await app.request.get('/api/contact-submissions')).body as Array<{ name: string }>;
    expect(inbox.map((item) => item.name)).toEqual(['Real From Busy Address']);
  });
});
