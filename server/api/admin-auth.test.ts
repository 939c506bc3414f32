import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, setAdminActive } from '#server/auth/admin-users.ts';
import { ADDRESS_MAX_FAILURES } from '#server/auth/login-guard.ts';
import { SESSION_COOKIE, SECURE_SESSION_COOKIE } from '#server/auth/session-cookie.ts';
import { LOGIN_MAX_FAILURES } from '#server/auth/login-guard.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

const ORIGIN = 'http://localhost:3000';
const OWNER = { username: 'owner', email: 'owner@example.com', password: 'correct-horse-9' };

/** The `name=value` part of the session cookie a response sets, or undefined. */
function sessionCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`))?.split(';')[0];
}

describe.each(testDialects())('admin authentication API (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createAdmin(t.services.db, OWNER);
    await createAdmin(t.services.db, { username: 'retired', email: 'retired@example.com', password: 'retired-pass-1' });
    const retired = await t.services.db.selectFrom('adminUsers').select('id').where('username', '=', 'retired').executeTakeFirstOrThrow();
    await setAdminActive(t.services.db, retired.id, false);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.services.db.deleteFrom('rateLimits').execute();
  });

  const login = (body: object, cookie?: string) => {
    const req = t.request.post('/api/admin/login').set('Origin', ORIGIN);
    if (cookie) req.set('Cookie', cookie);
    return req.send(body);
  };

  it('logs in with the right password: {admin}, a signed httpOnly SameSite=Lax cookie, lastLogin set', async () => {
    const res = await login({ username: 'owner', password: OWNER.password });
    expect(res.status).toBe(200);
    expect(res.body.admin).toMatchObject({ username: 'owner', email: OWNER.email });
    expect(res.body.admin.password).toBeUndefined();
    const raw = (res.headers['set-cookie'] as unknown as string[]).join('\n');
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    expect(raw).toMatch(/Path=\//);
    expect(raw).not.toMatch(/Secure/); // plain HTTP in tests
    const token = sessionCookie(res)!.split('=')[1]!.split('.')[0]!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const row = await t.services.db.selectFrom('adminUsers').select('lastLogin').where('username', '=', 'owner').executeTakeFirstOrThrow();
    expect(row.lastLogin).not.toBeNull();
  });

  it('uses the __Host- prefix and Secure when served over HTTPS', async () => {
    const secure = await createTestApp(dialect, { env: { TRUST_PROXY: 'true' } });
    try {
      await createAdmin(secure.services.db, OWNER);
      const res = await secure.request
        .post('/api/admin/login')
        .set('X-Forwarded-Proto', 'https')
        .set('Origin', ORIGIN)
        .send({ username: 'owner', password: OWNER.password });
      expect(res.status).toBe(200);
      const raw = (res.headers['set-cookie'] as unknown as string[]).join('\n');
      expect(raw).toContain(`${SECURE_SESSION_COOKIE}=`);
      expect(raw).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });

  it('answers /api/auth/user and /api/admin/me from the session, 401 without one', async () => {
    expect((await t.request.get('/api/auth/user')).status).toBe(401);
    expect((await t.request.get('/api/admin/me')).status).toBe(401);
    const cookie = sessionCookie(await login({ username: 'owner', password: OWNER.password }))!;
    const user = await t.request.get('/api/auth/user').set('Cookie', cookie);
    expect(user.status).toBe(200);
    expect(Object.keys(user.body).sort()).toEqual([
      'displayName',
      'email',
      'firstName',
      'id',
      'lastName',
      'profileImageUrl',
      'role',
      'setupChecklistDismissed',
      'username',
    ]);
    // The first admin, as every admin before staff roles, is an owner (migration 0034).
    expect(user.body.role).toBe('owner');
    expect(user.headers['cache-control']).toBe('no-store');
    const me = await t.request.get('/api/admin/me').set('Cookie', cookie);
    expect(me.body.username).toBe('owner');
  });

  it('gives the same 401 for an unknown user, a wrong password and an inactive account', async () => {
    const answers = await Promise.all([
      login({ username: 'nobody', password: 'whatever-123' }),
      login({ username: 'owner', password: 'wrong-password' }),
      login({ username: 'retired', password: 'retired-pass-1' }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid credentials' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('takes a similar time for an unknown user as for a wrong password', async () => {
    // The work done, not the wall clock: CPU time of this process (the server and argon2's threads
    // run in it), which other processes on a busy machine do not inflate.
    const time = async (body: object) => {
      const start = process.cpuUsage();
      await login(body);
      const used = process.cpuUsage(start);
      return used.user + used.system;
    };
    const median = async (body: object) => {
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) runs.push(await time(body));
      await t.services.db.deleteFrom('rateLimits').execute();
      return runs.sort((a, b) => a - b)[1]!;
    };
    await time({ username: 'warm-up', password: 'x' });
    const unknown = await median({ username: 'nobody-else', password: 'wrong-password' });
    const wrong = await median({ username: 'owner', password: 'wrong-password' });
    // Both run one full argon2 verification; without the dummy hash the unknown user answers ~10x faster.
    expect(unknown).toBeGreaterThan(wrong * 0.4);
  });

  it('validates with the spec messages', async () => {
    const empty = await login({});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ username: ['Username is required'], password: ['Password is required'] });
    const noPassword = await login({ username: 'owner', password: '' });
    expect(noPassword.body.message).toBe('Password is required');
    const badEmail = await t.request.post('/api/admin/forgot-password').set('Origin', ORIGIN).send({ email: 'not-an-email' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Valid email is required');
    const noToken = await t.request.post('/api/admin/reset-password').set('Origin', ORIGIN).send({ password: 'long-enough-1' });
    expect(noToken.body.errors.token).toEqual(['Reset token is required']);
    const short = await t.request.post('/api/admin/reset-password').set('Origin', ORIGIN).send({ token: 'abc', password: 'short' });
    expect(short.body.errors.password).toEqual(['Password must be at least 8 characters']);
    const malformed = await t.request
      .post('/api/admin/login')
      .set('Origin', ORIGIN)
      .set('Content-Type', 'application/json')
      .send('{"username":');
    expect(malformed.status).toBe(400);
  });

  it('issues a new session id at login and never promotes the one the browser came with', async () => {
    const first = sessionCookie(await login({ username: 'owner', password: OWNER.password }))!;
    const second = sessionCookie(await login({ username: 'owner', password: OWNER.password }, first))!;
    expect(second).not.toBe(first);
    expect((await t.request.get('/api/admin/me').set('Cookie', first)).status).toBe(401);
    expect((await t.request.get('/api/admin/me').set('Cookie', second)).status).toBe(200);
  });

  it('refuses a forged or tampered cookie', async () => {
    const cookie = sessionCookie(await login({ username: 'owner', password: OWNER.password }))!;
    const [name, value] = cookie.split('=');
    const [token] = value!.split('.');
    expect((await t.request.get('/api/admin/me').set('Cookie', `${name}=${token}`)).status).toBe(401);
    expect((await t.request.get('/api/admin/me').set('Cookie', `${name}=${token}.AAAA`)).status).toBe(401);
  });

  it('logout deletes the session: the old cookie no longer works', async () => {
    const cookie = sessionCookie(await login({ username: 'owner', password: OWNER.password }))!;
    const before = await t.services.db.selectFrom('sessions').select('sid').execute();
    const out = await t.request.post('/api/admin/logout').set('Origin', ORIGIN).set('Cookie', cookie);
    expect(out.status).toBe(200);
    expect((out.headers['set-cookie'] as unknown as string[]).join()).toMatch(/studio\.sid=;/);
    const after = await t.services.db.selectFrom('sessions').select('sid').execute();
    expect(after.length).toBe(before.length - 1);
    expect((await t.request.get('/api/admin/me').set('Cookie', cookie)).status).toBe(401);
  });

  it('rejects a session idle for more than 24 hours and one older than 7 days, and prunes them', async () => {
    const { db } = t.services;
    const idle = sessionCookie(await login({ username: 'owner', password: OWNER.password }))!;
    const old = sessionCookie(await login({ username: 'owner', password: OWNER.password }))!;
    const rows = await db.selectFrom('sessions').select(['sid', 'sess', 'createdAt']).orderBy('createdAt', 'desc').limit(2).execute();
    const [oldRow, idleRow] = rows; // newest first
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
    await db
      .updateTable('sessions')
      .set({ expire: hoursAgo(0.01) })
      .where('sid', '=', idleRow!.sid)
      .execute();
    // Idle deadline still ahead, but the absolute lifetime is over.
    const sess = { ...JSON.parse(oldRow!.sess), absoluteExpiresAt: hoursAgo(0.01), createdAt: hoursAgo(7 * 24 + 1) };
    await db
      .updateTable('sessions')
      .set({ sess: JSON.stringify(sess), expire: new Date(Date.now() + 3600_000).toISOString() })
      .where('sid', '=', oldRow!.sid)
      .execute();
    expect((await t.request.get('/api/admin/me').set('Cookie', idle)).status).toBe(401);
    const oldAnswer = await t.request.get('/api/admin/me').set('Cookie', old);
    expect(oldAnswer.status).toBe(401);
    // The browser is told to drop a cookie that no longer maps to a session.
    expect((oldAnswer.headers['set-cookie'] as unknown as string[]).join()).toMatch(/studio\.sid=;/);
    const { pruneExpiredSessions } = await import('#server/auth/session-store.ts');
    await pruneExpiredSessions(db);
    const left = await db.selectFrom('sessions').select('sid').where('sid', 'in', [oldRow!.sid, idleRow!.sid]).execute();
    expect(left).toEqual([]);
  });

  it('locks the (username, address) pair after 5 failures: the right password from it then gets 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await login({ username: 'owner', password: `wrong-${i}` })).status).toBe(401);
    const locked = await login({ username: 'owner', password: OWNER.password });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(locked.headers['set-cookie']).toBeUndefined();
  });

  it('a success resets the username count', async () => {
    for (let i = 0; i < 4; i++) await login({ username: 'owner', password: `wrong-${i}` });
    expect((await login({ username: 'owner', password: OWNER.password })).status).toBe(200);
    await t.services.db.deleteFrom('rateLimits').where('key', 'like', 'login:ip:%').execute();
    for (let i = 0; i < 4; i++) expect((await login({ username: 'owner', password: `wrong-${i}` })).status).toBe(401);
    expect((await login({ username: 'owner', password: OWNER.password })).status).toBe(200);
  });

  it('locks an address after its failures across usernames; a forged X-Forwarded-For does not move it (TRUST_PROXY=false)', async () => {
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) {
      const res = await t.request
        .post('/api/admin/login')
        .set('Origin', ORIGIN)
        .set('X-Forwarded-For', `198.51.100.${i}`)
        .send({ username: `guess-${i}`, password: 'x' });
      expect(res.status).toBe(401);
    }
    const res = await t.request
      .post('/api/admin/login')
      .set('Origin', ORIGIN)
      .set('X-Forwarded-For', '203.0.113.77')
      .send({ username: 'owner', password: OWNER.password });
    expect(res.status).toBe(429);
  });

  describe('CSRF', () => {
    it('refuses a write carrying the session cookie without a same-site Origin', async () => {
      const cookie = sessionCookie(await login({ username: 'owner', password: OWNER.password }))!;
      const noOrigin = await t.request.post('/api/admin/logout').set('Cookie', cookie);
      expect(noOrigin.status).toBe(403);
      expect(noOrigin.body.message).toBe('Cross-site request refused');
      const evil = await t.request.post('/api/admin/logout').set('Cookie', cookie).set('Origin', 'https://evil.example');
      expect(evil.status).toBe(403);
      const crossSite = await t.request.post('/api/contact').set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site').send({});
      expect(crossSite.status).toBe(403);
      // Still logged in: nothing above reached the handler.
      expect((await t.request.get('/api/admin/me').set('Cookie', cookie)).status).toBe(200);
      const sameOrigin = await t.request.post('/api/admin/logout').set('Cookie', cookie).set('Sec-Fetch-Site', 'same-origin');
      expect(sameOrigin.status).toBe(200);
    });

    it('accepts the request host as origin, and refuses a login posted from another site', async () => {
      const ownHost = await t.request
        .post('/api/admin/login')
        .set('Host', 'studio.test:8080')
        .set('Origin', 'http://studio.test:8080')
        .send({ username: 'owner', password: OWNER.password });
      expect(ownHost.status).toBe(200);
      const foreign = await t.request
        .post('/api/admin/login')
        .set('Origin', 'https://evil.example')
        .send({ username: 'owner', password: OWNER.password });
      expect(foreign.status).toBe(403);
    });
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const mine = sessionCookie(await login({ username: 'owner', password: OWNER.password }))!;
    const other = sessionCookie(await login({ username: 'owner', password: OWNER.password }))!;
    const change = (body: object) => t.request.post('/api/admin/change-password').set('Origin', ORIGIN).set('Cookie', mine).send(body);
    expect(
      (await t.request.post('/api/admin/change-password').set('Origin', ORIGIN).send({ currentPassword: 'x', newPassword: 'y' })).status,
    ).toBe(401);
    const wrong = await change({ currentPassword: 'nope-nope', newPassword: 'brand-new-pass-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.currentPassword).toEqual(['Current password is incorrect']);
    expect((await change({ currentPassword: OWNER.password, newPassword: 'short' })).body.message).toBe(
      'Password must be at least 8 characters',
    );
    expect((await change({ currentPassword: OWNER.password, newPassword: 'brand-new-pass-1' })).status).toBe(200);
    expect((await t.request.get('/api/admin/me').set('Cookie', mine)).status).toBe(200);
    expect((await t.request.get('/api/admin/me').set('Cookie', other)).status).toBe(401);
    expect((await login({ username: 'owner', password: OWNER.password })).status).toBe(401);
    expect((await login({ username: 'owner', password: 'brand-new-pass-1' })).status).toBe(200);
    // Put it back for the other tests in this file.
    await t.request
      .post('/api/admin/change-password')
      .set('Origin', ORIGIN)
      .set('Cookie', mine)
      .send({ currentPassword: 'brand-new-pass-1', newPassword: OWNER.password });
  });

  it('counts parallel guesses at the current password before checking them', async () => {
    const mine = sessionCookie(await login({ username: 'owner', password: OWNER.password }))!;
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request
          .post('/api/admin/change-password')
          .set('Origin', ORIGIN)
          .set('Cookie', mine)
          .send({ currentPassword: `guess-number-${i}`, newPassword: 'brand-new-pass-1' }),
      ),
    );
    const statuses = guesses.map((res) => res.status);
    // Only the attempts within the pair's limit reach the password check; the rest wait out the lock.
    expect(statuses.filter((status) => status === 400)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - LOGIN_MAX_FAILURES);
  });

  it('requireAdmin guards with 401 and lets a session through', async () => {
    expect((await t.request.get('/api/admin/me').set('Cookie', `${SESSION_COOKIE}=garbage`)).status).toBe(401);
  });
});
