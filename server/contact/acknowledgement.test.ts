import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultAcknowledgementText } from '#common/contact-inbox.ts';
import { DEFAULT_STUDIO } from '#common/site-content/defaults.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import { deliverNotice, retryDueNotices } from './notice-delivery.ts';

const VISITOR = 'visitor@example.com';

describe.each(testDialects())('the visitor acknowledgement on %s', (dialect) => {
  const sent: MailMessage[] = [];
  /** How many sends fail before the mail server comes back. */
  let failures = 0;
  let admin: TestApp;
  let visitor: TestApp;
  beforeAll(async () => {
    admin = await createTestApp(dialect, {
      asAdmin: true,
      env: { CONTACT_RATE_LIMIT: '1000' },
      mailer: {
        destination: 'test',
        async send(message) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          if (failures > 0) {
            failures -= 1;
            throw new Error('mail server down');
          }
          sent.push(message);
        },
        close() {},
      },
    });
    visitor = await createTestApp(dialect);
  });
  afterAll(async () => {
    await admin.close();
    await visitor.close();
  });
  beforeEach(() => {
    sent.length = 0;
    failures = 0;
  });

  const acknowledgementsTo = (address: string) => sent.filter((message) => message.to === address);
  const setAcknowledgement = (body: unknown) => admin.request.put('/api/contact-acknowledgement').send(body as object);
  const noticesOf = (submissionId: number) =>
    admin.services.db.selectFrom('contactNotices').select(['id', 'kind', 'sentAt']).where('submissionId', '=', submissionId).execute();
  /** Stores a message and waits until its first delivery attempts are over (they run after the answer). */
  const submit = async (email = VISITOR) => {
    const response = await admin.request.post('/api/contact').send({ name: 'Ada Lovelace', email, message: 'Please master my single.' });
    expect(response.status).toBe(201);
    const id = response.body.id as number;
    for (let i = 0; i < 250; i += 1) {
      const notices = await admin.services.db
        .selectFrom('contactNotices')
        .select(['sentAt', 'lastError'])
        .where('submissionId', '=', id)
        .execute();
      if (notices.length > 0 && notices.every((notice) => notice.sentAt !== null || notice.lastError !== null)) return id;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the first delivery attempts did not finish');
  };

  it('is off by default with the default text signed with the studio name', async () => {
    const response = await admin.request.get('/api/contact-acknowledgement');
    expect(response.status).toBe(200);
    const defaultText = defaultAcknowledgementText(DEFAULT_STUDIO);
    expect(response.body).toEqual({ enabled: false, text: defaultText, defaultText });
    expect(defaultText).toMatch(/24 hours/);
    expect(defaultText.trim().endsWith(DEFAULT_STUDIO.name)).toBe(true);

    const id = await submit();
    expect(acknowledgementsTo(VISITOR)).toEqual([]);
    expect((await noticesOf(id)).map((notice) => notice.kind)).toEqual(['owner']);
  });

  it('refuses bad settings with 400 and keeps the saved ones', async () => {
    const bodies: unknown[] = [
      {},
      { enabled: true },
      { enabled: 'yes', text: 'Hi' },
      { enabled: true, text: '   ' },
      { enabled: true, text: 'x'.repeat(2001) },
      { enabled: true, text: 'bell \u0007' },
      [true],
    ];
    for (const body of bodies) {
      const response = await setAcknowledgement(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBe('Invalid acknowledgement settings');
    }
    expect((await admin.request.get('/api/contact-acknowledgement')).body.enabled).toBe(false);
    expect((await visitor.request.put('/api/contact-acknowledgement').send({ enabled: true, text: 'Hi' })).status).toBe(401);
    expect((await visitor.request.get('/api/contact-acknowledgement')).status).toBe(401);
  });

  it('when switched on, sends the owner text to the visitor once, with the studio as reply address', async () => {
    const saved = await setAcknowledgement({ enabled: true, text: '  Thanks, we got it.\nTalk soon.  ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ enabled: true, text: 'Thanks, we got it.\nTalk soon.' });

    const id = await submit();
    const acks = acknowledgementsTo(VISITOR);
    expect(acks).toHaveLength(1);
    expect(acks[0]).toMatchObject({ text: 'Thanks, we got it.\nTalk soon.', replyTo: 'contact@atlaudiomastering.com' });
    expect(acks[0]!.text).not.toContain('Please master my single.');
    expect((await noticesOf(id)).map((notice) => notice.kind).sort()).toEqual(['acknowledgement', 'owner']);

    // Every later pass finds nothing to send.
    await retryDueNotices(admin.services, new Date(Date.now() + 24 * 60 * 60_000));
    expect(acknowledgementsTo(VISITOR)).toHaveLength(1);
  });

  it('sends it once when the first attempt fails and the retry succeeds', async () => {
    await setAcknowledgement({ enabled: true, text: 'Got it.' });
    failures = 2; // the owner notice and the acknowledgement both fail at first
    const id = await submit();
    expect(sent).toEqual([]);
    const later = new Date(Date.now() + 10 * 60_000);
    await retryDueNotices(admin.services, later);
    await retryDueNotices(admin.services, new Date(later.getTime() + 10 * 60_000));
    expect(acknowledgementsTo(VISITOR)).toHaveLength(1);
    expect((await noticesOf(id)).every((notice) => notice.sentAt !== null)).toBe(true);
  });

  it('sends it once when two workers race for it', async () => {
    await setAcknowledgement({ enabled: true, text: 'Got it.' });
    failures = 2;
    const id = await submit();
    const [ack] = (await noticesOf(id)).filter((notice) => notice.kind === 'acknowledgement');
    const later = new Date(Date.now() + 10 * 60_000);
    await Promise.all([
      deliverNotice(admin.services, ack!.id, later),
      deliverNotice(admin.services, ack!.id, later),
      retryDueNotices(admin.services, later),
    ]);
    expect(acknowledgementsTo(VISITOR)).toHaveLength(1);
  });

  it('has at most one acknowledgement per submission', async () => {
    await setAcknowledgement({ enabled: true, text: 'Got it.' });
    const id = await submit();
    await expect(
      admin.services.db.insertInto('contactNotices').values({ submissionId: id, kind: 'acknowledgement' }).execute(),
    ).rejects.toThrow();
  });

  it('never mails an address that fails validation', async () => {
    await setAcknowledgement({ enabled: true, text: 'Got it.' });
    const refused = await admin.request
      .post('/api/contact')
      .send({ name: 'Mallory', email: 'a@b.com, victim@example.com', message: 'Hello there!' });
    expect(refused.status).toBe(400);

    // A row that reached the table some other way (an import, an older version) is not mailed either.
    const bad = 'victim@example.com>\r\nBcc: many@example.com';
    const row = await admin.services.db
      .insertInto('contactSubmissions')
      .values({ name: 'Imported', email: bad, message: 'Imported message' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notice = await admin.services.db
      .insertInto('contactNotices')
      .values({ submissionId: row.id, kind: 'acknowledgement' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A second ahead: PostgreSQL's now() keeps microseconds, so the row may be due a fraction of a millisecond after Date.now().
    expect(await deliverNotice(admin.services, notice.id, new Date(Date.now() + 1000))).toBe('skipped');
    expect(sent.filter((message) => message.to.includes('victim'))).toEqual([]);
    expect(await noticesOf(row.id)).toEqual([]);
  });

  it('switched off again, sends nothing for new messages', async () => {
    await setAcknowledgement({ enabled: false, text: 'Got it.' });
    const id = await submit();
    expect(acknowledgementsTo(VISITOR)).toEqual([]);
    expect((await noticesOf(id)).map((notice) => notice.kind)).toEqual(['owner']);
    expect((await admin.request.get('/api/contact-acknowledgement')).body).toMatchObject({ enabled: false, text: 'Got it.' });
  });
});
