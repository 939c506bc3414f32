import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NEWSLETTER } from '#common/site-content/newsletter.ts';
import { confirmNewsletter } from '#server/contact/newsletter.ts';
import type { Mailer, MailMessage } from '#server/email/mailer.ts';
import { createAdminTestApp, type TestApp } from '#server/test-support/app.ts';
import { parseCsv } from '#server/test-support/parse-csv.ts';
import { captureLogs, testDialects } from '#server/test-support/services.ts';

async function until<T>(read: () => T | undefined | null | false, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDialects())('the newsletter sign-up on %s', (dialect) => {
  const sent: MailMessage[] = [];
  const mailer: Mailer = { destination: 'test', send: async (mail) => void sent.push(mail), close() {} };
  let t: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    t = await createAdminTestApp(dialect, { mailer, logger: logs.logger, env: { CONTACT_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => t.close());

  const signUp = (email: unknown, ip = '198.51.100.1') => t.request.post('/api/newsletter').set('X-Forwarded-For', ip).send({ email });
  const mailTo = (to: string) => until(() => sent.findLast((mail) => mail.to === to));

  it('is closed (404) until the owner turns it on', async () => {
    expect((await signUp('early@example.com')).status).toBe(404);
    const put = await t.request.put('/api/admin/site/newsletter').send({ ...DEFAULT_NEWSLETTER, enabled: true, version: 0 });
    expect(put.status, logs.text()).toBe(200);
    expect(put.status).toBe(200);
  });

  it('answers 202 with the same words for a new address and a known one, and mails a confirmation once', async () => {
    const first = await signUp('Ada@Example.com');
    const again = await signUp('ada@example.com', '198.51.100.2');
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    const mail = await mailTo('ada@example.com');
    expect(mail.text).toMatch(/\/newsletter\/confirm\/[A-Za-z0-9_-]{43}/);
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http.*\/newsletter\/unsubscribe\/[A-Za-z0-9_-]{43}>$/);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('confirms by the link, counts the address, lists it in the CSV and lets it leave by a one-click POST', async () => {
    const mail = await mailTo('ada@example.com');
    const token = /\/newsletter\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    expect((await confirmNewsletter(t.services.db, token)).kind).toBe('done');
    expect((await confirmNewsletter(t.services.db, token)).kind).toBe('not-found');
    expect((await t.request.get('/api/admin/newsletter')).body).toEqual({ confirmed: 1, pending: 0 });
    // Known and confirmed: the same answer, and no second e-mail.
    const before = sent.length;
    expect((await signUp('ada@example.com', '198.51.100.3')).status).toBe(202);
    expect(sent.length).toBe(before);

    const csv = await t.request.get('/api/admin/newsletter.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parseCsv(csv.text.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(['Email', 'Confirmed at', 'Unsubscribe link']);
    expect(rows[1]![0]).toBe('ada@example.com');

    const unsubscribe = /^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
    const oneClick = await t.request.post(new URL(unsubscribe).pathname).type('form').send('List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    expect((await t.request.get('/api/admin/newsletter')).body).toEqual({ confirmed: 0, pending: 0 });
    expect((await t.request.post('/newsletter/unsubscribe/not-a-token').send('List-Unsubscribe=One-Click')).status).toBe(404);
  });

  it('answers links with a NUL byte or of another length with 404, never a 500 (PostgreSQL refuses NUL in text)', async () => {
    for (const token of ['%00', `a%00${'b'.repeat(41)}`, 'c'.repeat(44), 'd'.repeat(5000)]) {
      expect((await t.request.post(`/newsletter/unsubscribe/${token}`).send('List-Unsubscribe=One-Click')).status, token).toBe(404);
      expect((await t.request.get(`/newsletter/unsubscribe/${token}`)).status, token).toBe(404);
      expect((await t.request.get(`/newsletter/confirm/${token}`)).status, token).toBe(404);
    }
  });

  it('escapes an address a spreadsheet would run as a formula', async () => {
    await signUp('+cmd@example.com', '198.51.100.4');
    const mail = await mailTo('+cmd@example.com');
    const token = /\/newsletter\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    await confirmNewsletter(t.services.db, token);
    const csv = await t.request.get('/api/admin/newsletter.csv');
    expect(csv.text).toContain("'+cmd@example.com");
  });

  it('refuses bad input with a 400 that stores nothing', async () => {
    for (const email of ['', 'not an address', 42, null, 'a\u0000b@example.com', `${'x'.repeat(250)}@example.com`]) {
      const answer = await signUp(email, '198.51.100.5');
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBeTypeOf('string');
    }
    expect((await t.request.post('/api/newsletter').type('form').send('email=a@example.com')).status).toBe(415);
    const rows = await t.services.db.selectFrom('newsletterSubscribers').select('email').execute();
    expect(rows.map((row) => row.email).sort()).toEqual(['+cmd@example.com', 'ada@example.com']);
  });

  it('answers a filled honeypot alike and keeps nothing', async () => {
    const caught = await t.request
      .post('/api/newsletter')
      .set('X-Forwarded-For', '198.51.100.6')
      .send({ email: 'bot@example.com', url_confirm: 'x' });
    expect(caught.status).toBe(202);
    expect(
      await t.services.db.selectFrom('newsletterSubscribers').select('id').where('email', '=', 'bot@example.com').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('limits one address of the internet as the contact form does (429 with Retry-After)', async () => {
    const small = await createAdminTestApp(dialect, { mailer, env: { CONTACT_RATE_LIMIT: '2' } });
    try {
      await small.request.put('/api/admin/site/newsletter').send({ ...DEFAULT_NEWSLETTER, enabled: true, version: 0 });
      const post = (email: string) => small.request.post('/api/newsletter').send({ email });
      expect([(await post('one@example.com')).status, (await post('two@example.com')).status]).toEqual([202, 202]);
      const refused = await post('three@example.com');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });
});
