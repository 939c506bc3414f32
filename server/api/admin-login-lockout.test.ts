import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin } from '#server/auth/admin-users.ts';
import { ACCOUNT_ALERT_FAILURES, ADDRESS_MAX_FAILURES, LOGIN_MAX_FAILURES } from '#server/auth/login-guard.ts';
import { hashResetToken } from '#server/auth/password-reset.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

const ORIGIN = 'http://localhost:3000';
const OWNER = { username: 'admin', email: 'owner@example.com', password: 'correct-horse-9' };
const [A, B, C, D] = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'];

// The lock-out policy of docs/decisions/040-login-lock-out-policy.md, through the real API. The app
// trusts one proxy hop, so X-Forwarded-For sets the client address as nginx would.
describe.each(testDialects())('login lock-out (%s)', (dialect) => {
  let t: TestApp;
  let password = OWNER.password;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: '1' } });
    await createAdmin(t.services.db, OWNER);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.services.db.deleteFrom('rateLimits').execute();
  });

  const login = (from: string, username: string, pass: string) =>
    t.request.post('/api/admin/login').set('Origin', ORIGIN).set('X-Forwarded-For', from).send({ username, password: pass });

  it('checks at most the limit of 40 concurrent guesses, then refuses the right password from that pair', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(A, 'admin', `wrong-guess-${i}`)));
    const statuses = answers.map((res) => res.status);
    // Only attempts that were checked answer 401; every other one was refused before its check.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const right = await login(A, 'admin', password);
    expect(right.status).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('after 5 wrong passwords from A, B logs in with the right one while A waits (429, Retry-After, the wait in words)', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await login(A, 'admin', `wrong-${i}`)).status).toBe(401);
    expect((await login(B, 'admin', password)).status).toBe(200);
    const fromA = await login(A, 'admin', password);
    expect(fromA.status).toBe(429);
    const retryAfter = Number(fromA.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(fromA.body.message).toBe('Too many login attempts. Please try again in 15 minutes.');
  });

  it('a completed password reset lifts the pair lock held against the account', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await login(A, 'admin', `wrong-${i}`);
    expect((await login(A, 'admin', password)).status).toBe(429);

    const token = randomBytes(32).toString('base64url');
    const admin = await t.services.db.selectFrom('adminUsers').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    await t.services.db
      .insertInto('passwordResetTokens')
      .values({ adminUserId: admin.id, token: hashResetToken(token), expiresAt: new Date(Date.now() + 3600_000).toISOString() })
      .execute();
    password = 'after-reset-pass-2';
    const reset = await t.request.post('/api/admin/reset-password').set('Origin', ORIGIN).send({ token, password });
    expect(reset.status).toBe(200);
    expect((await login(A, 'admin', password)).status).toBe(200);
  });

  it('an address that fails for many usernames is locked for all of them, and only that address', async () => {
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) expect((await login(C, `guess-${i}`, 'x-password')).status).toBe(401);
    const fromC = await login(C, 'admin', password);
    expect(fromC.status).toBe(429);
    expect(fromC.headers['retry-after']).toBeDefined();
    expect((await login(D, 'admin', password)).status).toBe(200);
  });

  it('an account failing from many addresses allows one try per failed address, and the right password from a new one', async () => {
    for (let i = 0; i < ACCOUNT_ALERT_FAILURES; i++) expect((await login(`203.0.113.${i}`, 'admin', 'wrong-pass')).status).toBe(401);
    // 203.0.113.0 has failed once: under attack that is its one try for this account.
    expect((await login('203.0.113.0', 'admin', password)).status).toBe(429);
    expect((await login(D, 'admin', password)).status).toBe(200);
  });

  it('answers an unknown username exactly as a real one', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await login(A, 'nobody-here', `wrong-${i}`);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await login(B, 'admin', `wrong-${i}`);
    const [unknown, real] = [await login(A, 'nobody-here', 'x-password'), await login(B, 'admin', 'x-password')];
    expect(unknown.status).toBe(429);
    expect(unknown.body).toEqual(real.body);
  });
});
