import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_CHALLENGE } from '#common/session-challenge.ts';
import { createAdmin, setAdminActive } from '#server/auth/admin-users.ts';
import { SESSION_COOKIE } from '#server/auth/session-cookie.ts';
import { sessionKey } from '#server/auth/session-store.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

const ORIGIN = 'http://localhost:3000';
const OWNER = { username: 'session-owner', email: 'session-owner@example.com', password: 'correct-horse-9' };

/** Every route the admin dashboard calls that needs a session, with a body that would otherwise pass. */
const ADMIN_CALLS: Array<[method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, body?: object]> = [
  ['get', '/api/admin/me'],
  ['get', '/api/contact-submissions'],
  ['patch', '/api/contact-submissions/1', { status: 'completed' }],
  ['delete', '/api/contact-submissions/1'],
  ['get', '/api/contact-submissions?folder=spam'],
  ['post', '/api/contact-submissions/1/not-spam'],
  ['post', '/api/samples', { title: 'Song', audioUrl: '/objects/uploads/x' }],
  ['put', '/api/samples/reorder', { sampleOrders: [] }],
  ['put', '/api/samples/1', { title: 'Song', audioUrl: '/objects/uploads/x' }],
  ['delete', '/api/samples/1'],
  ['post', '/api/samples/1/trash'],
  ['get', '/api/samples/trash'],
  ['post', '/api/samples/1/restore'],
  ['delete', '/api/samples/1/trash'],
  ['get', '/api/samples/plays'],
  ['post', '/api/objects/upload'],
  ['put', '/api/audio-files', { audioFileURL: 'http://localhost:3000/objects/uploads/x' }],
  ['post', '/api/admin/change-password', { currentPassword: 'correct-horse-9', newPassword: 'brand-new-pass-1' }],
  ['get', '/api/admin/site'],
  ['put', '/api/admin/site/faq', { faq: [], version: 0 }],
  ['get', '/api/admin/site/faq/versions'],
  ['get', '/api/admin/site/faq/versions/1'],
  ['post', '/api/admin/site/faq/versions/1/restore'],
  ['post', '/api/admin/images'],
];

/** The `name=value` part of the session cookie a response sets. */
function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  const cookie = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`))?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/** The stored key of the session behind a cookie. */
const sidOf = (cookie: string) => sessionKey(decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!);

describe.each(testDialects())('an ended admin session (%s)', (dialect) => {
  let t: TestApp;
  let ownerId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ownerId = (await createAdmin(t.services.db, OWNER)).id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.services.db.deleteFrom('rateLimits').execute();
    await setAdminActive(t.services.db, ownerId, true);
  });

  const login = async (password = OWNER.password) =>
    sessionCookie(await t.request.post('/api/admin/login').set('Origin', ORIGIN).send({ username: OWNER.username, password }));
  const call = (method: (typeof ADMIN_CALLS)[number][0], path: string, cookie: string | null, body?: object) => {
    const req = t.request[method](path).set('Origin', ORIGIN);
    if (cookie) req.set('Cookie', cookie);
    return body ? req.send(body) : req;
  };
  /** The next admin read and the next admin write both answer "log in again". */
  async function expectSessionRequired(cookie: string) {
    for (const res of [
      await call('get', '/api/contact-submissions', cookie),
      await call('put', '/api/samples/reorder', cookie, { sampleOrders: [] }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe(SESSION_CHALLENGE);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toEqual({ message: 'Authentication required' });
    }
  }

  it('every admin route answers 401 with the Session challenge without a session', async () => {
    for (const [method, path, body] of ADMIN_CALLS) {
      const res = await call(method, path, null, body);
      expect([path, res.status, res.headers['www-authenticate']]).toEqual([path, 401, SESSION_CHALLENGE]);
    }
  });

  it('a wrong password at login is a 401 without the challenge: not to be read as an ended session', async () => {
    const res = await t.request.post('/api/admin/login').set('Origin', ORIGIN).send({ username: OWNER.username, password: 'wrong-one-1' });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('idle timeout: the next request answers 401 with the challenge, and the cookie is cleared', async () => {
    const cookie = await login();
    expect((await call('get', '/api/contact-submissions', cookie)).status).toBe(200);
    await t.services.db
      .updateTable('sessions')
      .set({ expire: new Date(Date.now() - 1000).toISOString() })
      .where('sid', '=', sidOf(cookie))
      .execute();
    await expectSessionRequired(cookie);
    const res = await call('get', '/api/admin/me', cookie);
    expect((res.headers['set-cookie'] as unknown as string[]).join()).toMatch(/studio\.sid=;/);
  });

  it('password changed in another session: this one answers 401 with the challenge', async () => {
    const here = await login();
    const elsewhere = await login();
    const change = await call('post', '/api/admin/change-password', elsewhere, {
      currentPassword: OWNER.password,
      newPassword: 'brand-new-pass-1',
    });
    expect(change.status).toBe(200);
    await expectSessionRequired(here);
    expect((await call('get', '/api/admin/me', elsewhere)).status).toBe(200);
    // Back to the first password for the other tests.
    expect(
      (await call('post', '/api/admin/change-password', elsewhere, { currentPassword: 'brand-new-pass-1', newPassword: OWNER.password }))
        .status,
    ).toBe(200);
  });

  it('deactivated account: 401 with the challenge, both through the CLI path and with the flag set directly', async () => {
    const cookie = await login();
    await setAdminActive(t.services.db, ownerId, false);
    await expectSessionRequired(cookie);

    await setAdminActive(t.services.db, ownerId, true);
    const another = await login();
    // A deactivation that leaves the sessions in place (e.g. an UPDATE by hand) still ends them.
    await t.services.db.updateTable('adminUsers').set({ isActive: 0 }).where('id', '=', ownerId).execute();
    await expectSessionRequired(another);
  });

  it('logout in another tab (same cookie): 401 with the challenge', async () => {
    const cookie = await login();
    expect((await call('post', '/api/admin/logout', cookie)).status).toBe(200);
    await expectSessionRequired(cookie);
  });

  it('past the absolute lifetime: 401 with the challenge', async () => {
    const cookie = await login();
    const row = await t.services.db.selectFrom('sessions').select('sess').where('sid', '=', sidOf(cookie)).executeTakeFirstOrThrow();
    const sess = { ...JSON.parse(row.sess), absoluteExpiresAt: new Date(Date.now() - 1000).toISOString() };
    await t.services.db
      .updateTable('sessions')
      .set({ sess: JSON.stringify(sess) })
      .where('sid', '=', sidOf(cookie))
      .execute();
    await expectSessionRequired(cookie);
  });

  it('an ended session writing from another site is the CSRF 403, without the challenge', async () => {
    const cookie = await login();
    expect((await call('post', '/api/admin/logout', cookie)).status).toBe(200);
    const res = await t.request
      .put('/api/samples/reorder')
      .set('Origin', 'https://evil.example')
      .set('Cookie', cookie)
      .send({ sampleOrders: [] });
    expect(res.status).toBe(403);
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('a session store that cannot be read is a 503 to retry, not a 401 that sends the owner to log in', async () => {
    const other = await createTestApp(dialect);
    try {
      await createAdmin(other.services.db, OWNER);
      const res = await other.request
        .post('/api/admin/login')
        .set('Origin', ORIGIN)
        .send({ username: OWNER.username, password: OWNER.password });
      const cookie = sessionCookie(res);
      await other.services.db.schema.alterTable('sessions').renameTo('sessions_away').execute();
      const refused = await other.request.get('/api/contact-submissions').set('Cookie', cookie);
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.headers['www-authenticate']).toBeUndefined();
      // Public reads carry on for visitors meanwhile.
      expect((await other.request.get('/api/samples').set('Cookie', cookie)).status).toBe(200);
      await other.services.db.schema.alterTable('sessions_away').renameTo('sessions').execute();
      expect((await other.request.get('/api/contact-submissions').set('Cookie', cookie)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
