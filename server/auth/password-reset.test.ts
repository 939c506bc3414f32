import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { defaultSiteContent } from '#common/site-content/sections.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '#server/email/mailer.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import { createAdmin } from './admin-users.ts';
import { settleBackgroundWork } from './background.ts';
import { hashResetToken } from './password-reset.ts';

const ORIGIN = 'http://localhost:3000';
const OWNER = { username: 'owner', email: 'owner@example.com', password: 'original-pass-1' };

interface ReceivedMail {
  to: string[];
  raw: string;
  /** Body text with quoted-printable soft breaks and escapes undone. */
  text: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtpReceiver() {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { inbox, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const tokenFrom = (mail: ReceivedMail) => {
  const link = mail.text.match(/http:\/\/localhost:3000\/manage\/reset-password\?token=([\w%-]+)/);
  expect(link, 'the reset link').not.toBeNull();
  return decodeURIComponent(link![1]!);
};

describe.each(testDialects())('password reset by e-mail (%s)', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Studio <no-reply@studio.test>',
      outboxDir: '/nonexistent',
      logger: pino({ level: 'silent' }),
    });
    t = await createTestApp(dialect, { mailer });
    await createAdmin(t.services.db, OWNER);
  });
  afterAll(async () => {
    await settleBackgroundWork();
    t.services.mailer.close();
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    smtp.inbox.length = 0;
    await t.services.db.deleteFrom('rateLimits').execute();
  });

  const forgot = (email: string) => t.request.post('/api/admin/forgot-password').set('Origin', ORIGIN).send({ email });
  const reset = (token: string, password: string, cookie?: string) => {
    const req = t.request.post('/api/admin/reset-password').set('Origin', ORIGIN);
    if (cookie) req.set('Cookie', cookie);
    return req.send({ token, password });
  };
  const login = (password: string) => t.request.post('/api/admin/login').set('Origin', ORIGIN).send({ username: 'owner', password });
  const requestLink = async () => {
    expect((await forgot(OWNER.email)).status).toBe(200);
    await settleBackgroundWork();
    // The newest reset mail: a notice from an earlier step may still be arriving in the background.
    const mail = smtp.inbox.findLast((received) => received.raw.includes('Reset your admin password'))!;
    expect(mail.to).toEqual([OWNER.email]);
    return tokenFrom(mail);
  };

  it('answers an existing and an unknown address identically, and mails only the existing one', async () => {
    const known = await forgot('Owner@Example.com ');
    const unknown = await forgot('stranger@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe('If an account with that email exists, a password reset link has been sent.');
    await settleBackgroundWork();
    expect(smtp.inbox.map((m) => m.to[0])).toEqual([OWNER.email]);
  });

  it('stores only a SHA-256 of a 32-byte token that expires in an hour', async () => {
    const token = await requestLink();
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const row = await t.services.db.selectFrom('passwordResetTokens').selectAll().where('used', '=', 0).executeTakeFirstOrThrow();
    expect(row.token).toBe(hashResetToken(token));
    expect(row.token).not.toContain(token);
    const minutesLeft = (new Date(row.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(59);
    expect(minutesLeft).toBeLessThanOrEqual(60);
  });

  it('resets the password once: sessions end, a notice is sent, the link cannot be reused', async () => {
    const session = (await login(OWNER.password)).headers['set-cookie'] as unknown as string[];
    const cookie = session[0]!.split(';')[0]!;
    const token = await requestLink();
    const done = await reset(token, 'fresh-password-2');
    expect(done.status).toBe(200);
    expect((await t.request.get('/api/admin/me').set('Cookie', cookie)).status).toBe(401);
    expect((await login(OWNER.password)).status).toBe(401);
    expect((await login('fresh-password-2')).status).toBe(200);
    await settleBackgroundWork();
    expect(smtp.inbox.at(-1)!.raw).toMatch(/Subject: Your admin password was changed/);
    // Signed with the studio's name from the site content, and the host the link points at.
    expect(smtp.inbox.at(-1)!.text).toContain(`on ${defaultSiteContent().studio.name} (localhost:3000) was just changed`);
    const again = await reset(token, 'another-password-3');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This reset link is invalid or has expired. Please request a new one.');
    // Restore for the other tests.
    await reset(await requestLink(), OWNER.password);
  });

  it('rejects an expired link, an unknown one, and an older link once a newer one was sent', async () => {
    const expired = await requestLink();
    await t.services.db
      .updateTable('passwordResetTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('token', '=', hashResetToken(expired))
      .execute();
    expect((await reset(expired, 'whatever-pass-1')).status).toBe(400);
    expect((await reset('not-a-token', 'whatever-pass-1')).status).toBe(400);
    const older = await requestLink();
    const newer = await requestLink();
    expect((await reset(older, 'whatever-pass-1')).status).toBe(400);
    expect((await reset(newer, OWNER.password)).status).toBe(200);
  });

  it('a password change retires outstanding links', async () => {
    const token = await requestLink();
    const cookie = ((await login(OWNER.password)).headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    const change = (currentPassword: string, newPassword: string) =>
      t.request.post('/api/admin/change-password').set('Origin', ORIGIN).set('Cookie', cookie).send({ currentPassword, newPassword });
    expect((await change(OWNER.password, 'changed-pass-4')).status).toBe(200);
    expect((await reset(token, 'whatever-pass-1')).status).toBe(400);
    expect((await change('changed-pass-4', OWNER.password)).status).toBe(200);
  });

  it('sends at most 5 links per address an hour, still answering 200', async () => {
    for (let i = 0; i < 7; i++) expect((await forgot(OWNER.email)).status).toBe(200);
    await settleBackgroundWork();
    expect(smtp.inbox.filter((m) => m.raw.includes('Reset your admin password'))).toHaveLength(5);
  });

  it('sends at most 20 per client address an hour', async () => {
    for (let i = 0; i < 20; i++) await forgot(`someone-${i}@example.com`);
    expect((await forgot(OWNER.email)).status).toBe(200);
    await settleBackgroundWork();
    expect(smtp.inbox).toHaveLength(0);
  });
});
