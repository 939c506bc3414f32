import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin } from '#server/auth/admin-users.ts';
import { LOGIN_MAX_FAILURES } from '#server/auth/login-guard.ts';
import { SESSION_COOKIE } from '#server/auth/session-cookie.ts';
import { totpCode, totpStep } from '#server/auth/totp.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

const ORIGIN = 'http://localhost:3000';
const OWNER = { username: 'owner', email: 'owner@example.com', password: 'correct-horse-9' };

function sessionCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`))?.split(';')[0];
}

/** The code an authenticator app shows `offset` steps from now (+1: accepted, and newer than a code used now). */
const codeAt = (secret: string, offset = 0) => totpCode(secret, totpStep(new Date()) + offset);

// Tests run in order and share one enrolment: enrol, log in with a code, replay, recovery, limits, disable.
describe.each(testDialects())('two-factor login API (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createAdmin(t.services.db, OWNER);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.services.db.deleteFrom('rateLimits').execute();
  });

  const post = (url: string, body: object, withCookie = cookie) => {
    const req = t.request.post(url).set('Origin', ORIGIN);
    if (withCookie) req.set('Cookie', withCookie);
    return req.send(body);
  };
  const passwordStep = () => post('/api/admin/login', { username: OWNER.username, password: OWNER.password }, '');
  const codeStep = (pendingToken: string, code: string) => post('/api/admin/login/two-factor', { pendingToken, code }, '');

  it('enrols: a sealed secret with its QR code, confirmed by a code, then ten recovery codes stored hashed', async () => {
    cookie = sessionCookie(await passwordStep())!;
    expect((await post('/api/admin/two-factor/setup', {}, '')).status).toBe(401);
    expect((await t.request.get('/api/admin/two-factor').set('Cookie', cookie)).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const setup = await post('/api/admin/two-factor/setup', {});
    expect(setup.status).toBe(200);
    secret = setup.body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toBe(
      `otpauth://totp/ATL%20Audio%20Mastering:owner?secret=${secret}&issuer=ATL+Audio+Mastering&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.body.qrSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(setup.body.qrSvg).not.toMatch(/<script|on\w+=/i);
    // Opening the setup again shows the same secret, so an app that scanned it stays right.
    expect((await post('/api/admin/two-factor/setup', {})).body.secret).toBe(secret);
    const stored = await t.services.db.selectFrom('adminTwoFactor').selectAll().executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret);
    expect(stored.confirmedAt).toBeNull();
    // Not yet confirmed: the password alone still signs in.
    expect((await passwordStep()).body.admin).toBeDefined();

    const wrong = await post('/api/admin/two-factor/confirm', { code: codeAt(secret, 5) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.code).toEqual(['That code is not valid. Check your authenticator app and try again.']);
    expect((await post('/api/admin/two-factor/confirm', { code: 'abc' })).status).toBe(400);

    const confirmed = await post('/api/admin/two-factor/confirm', { code: codeAt(secret) });
    expect(confirmed.status).toBe(200);
    recoveryCodes = confirmed.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const hashes = await t.services.db.selectFrom('adminRecoveryCodes').select('codeHash').execute();
    expect(hashes).toHaveLength(10);
    for (const { codeHash } of hashes) expect(recoveryCodes.map((c) => c.replace('-', ''))).not.toContain(codeHash);
    expect(hashes[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    expect((await t.request.get('/api/admin/two-factor').set('Cookie', cookie)).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect((await post('/api/admin/two-factor/setup', {})).status).toBe(409);
    expect((await post('/api/admin/two-factor/confirm', { code: codeAt(secret) })).status).toBe(409);
  });

  it('asks for a code after the right password: no session until then, and a code works once', async () => {
    const first = await passwordStep();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRequired: true, pendingToken: expect.any(String) });
    expect(sessionCookie(first)).toBeUndefined();

    const code = codeAt(secret, 1);
    const second = await codeStep(first.body.pendingToken, code);
    expect(second.status).toBe(200);
    expect(second.body.admin.username).toBe('owner');
    const session = sessionCookie(second)!;
    expect((await t.request.get('/api/admin/me').set('Cookie', session)).status).toBe(200);

    // The same code again, even after a fresh password step, is a replay.
    const again = await passwordStep();
    const replay = await codeStep(again.body.pendingToken, code);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('That code is not valid. Check your authenticator app and try again.');
    expect(sessionCookie(replay)).toBeUndefined();
  });

  it('lets one of two simultaneous uses of a recovery code in', async () => {
    const recovery = recoveryCodes[9]!;
    const [third, fourth] = [(await passwordStep()).body.pendingToken, (await passwordStep()).body.pendingToken];
    const recoveryAnswers = await Promise.all([codeStep(third, recovery), codeStep(fourth, recovery)]);
    expect(recoveryAnswers.map((res) => res.status).sort()).toEqual([200, 401]);
  });

  it('refuses a forged or altered pending token without checking the code', async () => {
    const { pendingToken } = (await passwordStep()).body as { pendingToken: string };
    const [payload, signature] = pendingToken.split('.');
    const forged = Buffer.from(JSON.stringify({ a: 1, e: Date.now() + 3600_000, n: 'x' })).toString('base64url');
    for (const token of [`${forged}.${signature}`, `${payload}.${'0'.repeat(64)}`, 'garbage']) {
      const res = await codeStep(token, recoveryCodes[0]!);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Your login took too long. Please enter your password again.');
    }
    expect((await codeStep(pendingToken, '')).status).toBe(400);
  });

  it('takes each recovery code once, in any case and spacing', async () => {
    const code = recoveryCodes[0]!;
    const first = await codeStep((await passwordStep()).body.pendingToken, ` ${code.toUpperCase().replace('-', ' ')} `);
    expect(first.status).toBe(200);
    const second = await codeStep((await passwordStep()).body.pendingToken, code);
    expect(second.status).toBe(401);
    expect(second.body.message).toMatch(/^This recovery code has already been used\./);
    expect((await t.request.get('/api/admin/two-factor').set('Cookie', cookie)).body).toEqual({ enabled: true, recoveryCodesLeft: 8 });
  });

  it('counts wrong codes like wrong passwords: after the limit even a good code is refused with 429', async () => {
    const { pendingToken } = (await passwordStep()).body as { pendingToken: string };
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await codeStep(pendingToken, String(100000 + i))).status).toBe(401);
    const locked = await codeStep(pendingToken, recoveryCodes[1]!);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The right password does not buy more guesses at the code: the pair stays locked.
    expect((await passwordStep()).status).toBe(429);
    // The refused recovery code was not spent.
    await t.services.db.deleteFrom('rateLimits').execute();
    expect((await codeStep((await passwordStep()).body.pendingToken, recoveryCodes[1]!)).status).toBe(200);
  });

  it('disables with the current password and a code, after which the password alone signs in', async () => {
    const disable = (body: object) => post('/api/admin/two-factor/disable', body);
    expect((await post('/api/admin/two-factor/disable', { password: OWNER.password, code: recoveryCodes[2]! }, '')).status).toBe(401);
    const wrongPassword = await disable({ password: 'not-my-password', code: recoveryCodes[2]! });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors.password).toEqual(['Current password is incorrect']);
    const wrongCode = await disable({ password: OWNER.password, code: '000000' });
    expect(wrongCode.status).toBe(400);
    expect(Object.keys(wrongCode.body.errors)).toEqual(['code']);
    // The wrong password above did not spend the recovery code: it still turns two-factor off.
    expect((await disable({ password: OWNER.password, code: recoveryCodes[2]! })).status).toBe(200);
    expect((await t.request.get('/api/admin/two-factor').set('Cookie', cookie)).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(await t.services.db.selectFrom('adminRecoveryCodes').select('id').execute()).toEqual([]);
    expect((await passwordStep()).body.admin.username).toBe('owner');
    expect((await disable({ password: OWNER.password, code: '123456' })).status).toBe(409);
  });
});
