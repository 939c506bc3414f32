import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin } from '#server/auth/admin-users.ts';
import { settleBackgroundWork } from '#server/auth/background.ts';
import { LOGIN_MAX_FAILURES } from '#server/auth/login-guard.ts';
import { SESSION_COOKIE } from '#server/auth/session-cookie.ts';
import { totpCode, totpStep } from '#server/auth/totp.ts';
import type { Mailer, MailMessage } from '#server/email/mailer.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { memoryMailer } from '#server/test-support/project-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';

const ORIGIN = 'http://localhost:3000';
const OWNER = { username: 'owner', email: 'owner@example.com', password: 'correct-horse-9' };
/** A studio far from UTC, so the e-mails' times show they follow its zone. */
const STUDIO = { name: 'Harbour Lights', timeZone: 'Asia/Tokyo' };
const STUDIO_TIME = /on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M GMT\+9\b/;
const STRONG = 'velvet tractor oyster lamp';

function sessionCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`))?.split(';')[0];
}

/** Writes the studio's name and time zone as the owner would in the site editor. */
async function nameTheStudio(t: TestApp) {
  const admin = (await t.services.db.selectFrom('adminUsers').selectAll().where('username', '=', OWNER.username).executeTakeFirst())!;
  const current = (await t.services.site.siteContent.read()).studio;
  const studio = { ...current, name: STUDIO.name, hours: { ...current.hours, timeZone: STUDIO.timeZone } };
  expect((await t.services.site.siteContent.save('studio', studio, admin)).kind).toBe('saved');
}

describe.each(testDialects())('account safety: strong passwords (%s)', (dialect) => {
  let t: TestApp;
  let sent: MailMessage[];
  beforeAll(async () => {
    const mailer = memoryMailer();
    sent = mailer.sent;
    t = await createTestApp(dialect, { mailer });
    await createAdmin(t.services.db, OWNER);
    await nameTheStudio(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.services.db.deleteFrom('rateLimits').execute();
    sent.length = 0;
  });

  const login = (password: string) => t.request.post('/api/admin/login').set('Origin', ORIGIN).send({ username: OWNER.username, password });
  const WEAK = [
    ['password', 'This is one of the most common passwords. Add a few more words.'],
    ['12345678', 'This is one of the most common passwords. Add a few more words.'],
    ['Harbour Lights123', 'It contains your name, e-mail address or the studio’s name.'],
    ['owner@example.com', 'It contains your name, e-mail address or the studio’s name.'],
  ] as const;

  it('refuses a common or guessable new password on change with 400 under the field, and nothing changes', async () => {
    const cookie = sessionCookie(await login(OWNER.password))!;
    const change = (newPassword: string) =>
      t.request
        .post('/api/admin/change-password')
        .set('Origin', ORIGIN)
        .set('Cookie', cookie)
        .send({ currentPassword: OWNER.password, newPassword });
    for (const [weak, reason] of WEAK) {
      const res = await change(weak);
      expect(res.status, weak).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['newPassword']);
      expect(res.body.errors.newPassword[0]).toContain(reason);
      expect(res.body.message).toBe(res.body.errors.newPassword[0]);
    }
    // The session is still in, the old password still signs in, the weak one does not, and no notice went out.
    expect((await t.request.get('/api/admin/me').set('Cookie', cookie)).status).toBe(200);
    expect((await login('password')).status).toBe(401);
    expect((await login(OWNER.password)).status).toBe(200);
    await settleBackgroundWork();
    expect(sent).toEqual([]);
  });

  it('refuses a weak password on a reset link with 400 under the field; the link stays usable for a strong one', async () => {
    await t.request.post('/api/admin/forgot-password').set('Origin', ORIGIN).send({ email: OWNER.email });
    await settleBackgroundWork();
    const token = decodeURIComponent(sent.find((m) => m.subject === 'Reset your admin password')!.text.match(/token=([\w%-]+)/)![1]!);
    const reset = (password: string) => t.request.post('/api/admin/reset-password').set('Origin', ORIGIN).send({ token, password });
    for (const [weak, reason] of WEAK) {
      const res = await reset(weak);
      expect(res.status, weak).toBe(400);
      expect(res.body.errors).toEqual({ password: [expect.stringContaining(reason)] });
    }
    expect((await login(OWNER.password)).status).toBe(200);
    // An unknown link is answered as before, without judging the password.
    const unknown = await t.request
      .post('/api/admin/reset-password')
      .set('Origin', ORIGIN)
      .send({ token: 'not-a-link', password: 'password' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('This reset link is invalid or has expired. Please request a new one.');

    expect((await reset(STRONG)).status).toBe(200);
    expect((await login(STRONG)).status).toBe(200);
    expect((await login(OWNER.password)).status).toBe(401);
    // Back to the password the other tests sign in with.
    await t.services.db.deleteFrom('rateLimits').execute();
    const cookie = sessionCookie(await login(STRONG))!;
    const back = await t.request
      .post('/api/admin/change-password')
      .set('Origin', ORIGIN)
      .set('Cookie', cookie)
      .send({ currentPassword: STRONG, newPassword: OWNER.password });
    expect(back.status).toBe(200);
  });
});

describe.each(testDialects())('account safety: security e-mails and spent recovery codes (%s)', (dialect) => {
  let t: TestApp;
  let sent: MailMessage[];
  let cookie: string;
  let secret: string;
  let recoveryCodes: string[];
  const logLines: string[] = [];
  beforeAll(async () => {
    const mailer = memoryMailer();
    sent = mailer.sent;
    const logger = pino({ level: 'debug' }, new Writable({ write: (chunk, _enc, done) => done(void logLines.push(String(chunk))) }));
    t = await createTestApp(dialect, { mailer, logger });
    await createAdmin(t.services.db, OWNER);
    await nameTheStudio(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.services.db.deleteFrom('rateLimits').execute();
    sent.length = 0;
  });

  const post = (url: string, body: object, withCookie = cookie) => {
    const req = t.request.post(url).set('Origin', ORIGIN);
    if (withCookie) req.set('Cookie', withCookie);
    return req.send(body);
  };
  const passwordStep = () => post('/api/admin/login', { username: OWNER.username, password: OWNER.password }, '');
  const codeStep = async (code: string) =>
    post('/api/admin/login/two-factor', { pendingToken: (await passwordStep()).body.pendingToken, code }, '');
  const mailsTo = async (address: string) => {
    await settleBackgroundWork();
    return sent.filter((mail) => mail.to === address);
  };

  it('e-mails the owner, in the studio’s name and time zone, when two-factor is turned on', async () => {
    cookie = sessionCookie(await passwordStep())!;
    secret = (await post('/api/admin/two-factor/setup', {})).body.secret;
    expect(await mailsTo(OWNER.email)).toEqual([]);
    const confirmed = await post('/api/admin/two-factor/confirm', { code: totpCode(secret, totpStep(new Date())) });
    expect(confirmed.status).toBe(200);
    recoveryCodes = confirmed.body.recoveryCodes;
    const [mail, ...more] = await mailsTo(OWNER.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Two-factor authentication was turned on');
    expect(mail!.text).toContain('"owner" on Harbour Lights (localhost:3000)');
    expect(mail!.text.replace(/\n/g, ' ')).toMatch(STUDIO_TIME);
    expect(mail!.text).toContain('If this was not you');
    // The secret and the codes are never in an e-mail or the log.
    for (const text of [mail!.text, logLines.join('')]) {
      expect(text).not.toContain(secret);
      for (const code of recoveryCodes) expect(text).not.toContain(code);
    }
  });

  it('e-mails how many recovery codes are left when one is used to sign in', async () => {
    const res = await codeStep(recoveryCodes[0]!);
    expect(res.status).toBe(200);
    const [mail] = await mailsTo(OWNER.email);
    expect(mail!.subject).toBe('A recovery code was used to sign in');
    expect(mail!.text.replace(/\n/g, ' ')).toMatch(STUDIO_TIME);
    expect(mail!.text).toContain('9 recovery codes are left.');
    expect(mail!.text).toContain('If this was not you, someone has your password and one of your recovery codes');
    expect(mail!.text).not.toContain(recoveryCodes[0]!);
    // A code from the app sends nothing.
    sent.length = 0;
    expect((await codeStep(totpCode(secret, totpStep(new Date()) + 1))).status).toBe(200);
    expect(await mailsTo(OWNER.email)).toEqual([]);
  });

  it('says a spent recovery code has been used, still counts it as a failed attempt, and sends nothing', async () => {
    const again = await codeStep(recoveryCodes[0]!);
    expect(again.status).toBe(401);
    const usedMessage = 'This recovery code has already been used. Enter another one, or a code from your authenticator app.';
    expect(again.body).toMatchObject({ message: usedMessage, errors: { code: [usedMessage] } });
    expect(sessionCookie(again)).toBeUndefined();
    // A code that was never issued keeps the old words.
    expect((await codeStep('aaaaa-bbbbb')).body.message).toBe('That code is not valid. Check your authenticator app and try again.');
    const { pendingToken } = (await passwordStep()).body as { pendingToken: string };
    const withToken = (code: string) => post('/api/admin/login/two-factor', { pendingToken, code }, '');
    for (let i = 2; i < LOGIN_MAX_FAILURES; i++) expect((await withToken(recoveryCodes[0]!)).status).toBe(401);
    // The limit holds for spent codes as for wrong ones: even a good code now waits.
    expect((await withToken(recoveryCodes[1]!)).status).toBe(429);
    expect(await mailsTo(OWNER.email)).toEqual([]);
  });

  it('says so when a spent recovery code is given to turn two-factor off', async () => {
    const res = await post('/api/admin/two-factor/disable', { password: OWNER.password, code: recoveryCodes[0]! });
    expect(res.status).toBe(400);
    expect(res.body.errors.code[0]).toMatch(/^This recovery code has already been used/);
    expect((await t.request.get('/api/admin/two-factor').set('Cookie', cookie)).body.enabled).toBe(true);
  });

  it('e-mails the owner when two-factor is turned off', async () => {
    expect((await post('/api/admin/two-factor/disable', { password: OWNER.password, code: recoveryCodes[2]! })).status).toBe(200);
    const [mail, ...more] = await mailsTo(OWNER.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Two-factor authentication was turned off');
    expect(mail!.text.replace(/\n/g, ' ')).toMatch(STUDIO_TIME);
    expect(mail!.text).toContain('turn two-factor');
  });
});

describe.each(testDialects())('account safety: a mail fault never undoes a change (%s)', (dialect) => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const broken: Mailer = { destination: 'broken', send: () => Promise.reject(new Error('SMTP 451 try later')), close() {} };
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => done(void logLines.push(String(chunk))) }));
    t = await createTestApp(dialect, { mailer: broken, logger });
    await createAdmin(t.services.db, OWNER);
  });
  afterAll(() => t.close());

  it('turns two-factor on and off and signs in with a recovery code while every e-mail fails', async () => {
    const post = (url: string, body: object, cookie = '') => t.request.post(url).set('Origin', ORIGIN).set('Cookie', cookie).send(body);
    const passwordStep = () => post('/api/admin/login', { username: OWNER.username, password: OWNER.password });
    const cookie = sessionCookie(await passwordStep())!;
    const { secret } = (await post('/api/admin/two-factor/setup', {}, cookie)).body as { secret: string };
    const confirmed = await post('/api/admin/two-factor/confirm', { code: totpCode(secret, totpStep(new Date())) }, cookie);
    expect(confirmed.status).toBe(200);
    const recovery = await post('/api/admin/login/two-factor', {
      pendingToken: (await passwordStep()).body.pendingToken,
      code: confirmed.body.recoveryCodes[0],
    });
    expect(recovery.status).toBe(200);
    expect(
      (await post('/api/admin/two-factor/disable', { password: OWNER.password, code: confirmed.body.recoveryCodes[1] }, cookie)).status,
    ).toBe(200);
    await settleBackgroundWork();
    expect((await passwordStep()).body.admin.username).toBe('owner');
    const failures = logLines.filter((line) => line.includes('notice failed'));
    expect(failures.map((line) => JSON.parse(line).msg as string)).toEqual([
      'two-factor on notice failed',
      'recovery code notice failed',
      'two-factor off notice failed',
    ]);
  });
});
