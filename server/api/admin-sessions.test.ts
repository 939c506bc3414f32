import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CHALLENGE } from '#common/session-challenge.ts';
import { SESSION_MESSAGES } from '#common/staff-sessions.ts';
import { createAdmin } from '#server/auth/admin-users.ts';
import { createSession, loadSession, sessionKey } from '#server/auth/session-store.ts';
import { totpCode, totpStep } from '#server/auth/totp.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import { call, ORIGIN, sessionCookieOf, signedInStaff, STAFF_PASSWORD } from '#server/test-support/staff-fixture.ts';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe.each(testDialects())('sessions per person and required two-factor (%s)', (dialect) => {
  let t: TestApp;
  let owner: { id: number; cookie: string };
  let engineer: { id: number; cookie: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signedInStaff(t, 'owner', 'sess-owner');
    engineer = await signedInStaff(t, 'engineer', 'sess-engineer');
  });
  afterAll(() => t.close());

  /** Another sign-in of an existing person, from a named browser and a forwarded-for-nobody address. */
  async function signInAgain(username: string, userAgent: string): Promise<string> {
    const res = await t.request
      .post('/api/admin/login')
      .set('Origin', ORIGIN)
      .set('User-Agent', userAgent)
      .send({ username, password: STAFF_PASSWORD });
    expect(res.status).toBe(200);
    return sessionCookieOf(res);
  }
  const sessionsOf = async (cookie: string, query = '') => {
    const res = await call(t, 'get', `/api/admin/sessions${query}`, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.sessions as Array<{
      id: string;
      device: string;
      place: string;
      current: boolean;
      createdAt: string;
      lastSeenAt: string;
    }>;
  };
  async function expectSignedOut(cookie: string) {
    const res = await call(t, 'get', '/api/contact-submissions', cookie);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe(SESSION_CHALLENGE);
  }

  it('lists the person’s own sessions: device in words, the shortened address, this one first and marked', async () => {
    const phone = await signInAgain('sess-owner', SAFARI_IPHONE);
    const laptop = await signInAgain('sess-owner', FIREFOX_WINDOWS);
    const listed = await sessionsOf(laptop);
    expect(listed.length).toBeGreaterThanOrEqual(3);
    expect(listed[0]).toMatchObject({ device: 'Firefox on Windows', place: '127.0.0.0/24', current: true });
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed.map((s) => s.device)).toContain('Safari on iOS');
    expect(listed[0]!.id).toMatch(/^[\w-]{16}$/);
    // The id is not the stored key (a hash of the cookie's token).
    const [, token] = decodeURIComponent(laptop.split('=')[1]!).match(/^([^.]+)/) ?? [];
    expect(listed.map((s) => s.id)).not.toContain(sessionKey(token!));
    expect((await sessionsOf(phone)).find((s) => s.current)!.device).toBe('Safari on iOS');
    // Nobody else's session is in the list.
    expect((await sessionsOf(engineer.cookie)).every((s) => !listed.some((o) => o.id === s.id))).toBe(true);
  });

  it('ends one of one’s own sessions: its next request is signed out, this one carries on', async () => {
    const other = await signInAgain('sess-owner', SAFARI_IPHONE);
    const mine = await signInAgain('sess-owner', FIREFOX_WINDOWS);
    const target = (await sessionsOf(other)).find((s) => s.current)!;
    const ended = await call(t, 'delete', `/api/admin/sessions/${target.id}`, mine);
    expect(ended.status).toBe(200);
    await expectSignedOut(other);
    expect((await sessionsOf(mine)).map((s) => s.id)).not.toContain(target.id);
    expect((await call(t, 'delete', `/api/admin/sessions/${target.id}`, mine)).status).toBe(404);
  });

  it('lets the owner list and end anyone’s session, and nobody else', async () => {
    const engineerSessions = await sessionsOf(owner.cookie, `?person=${engineer.id}`);
    expect(engineerSessions.some((s) => s.current)).toBe(false);
    const second = await signInAgain('sess-engineer', FIREFOX_WINDOWS);
    const target = (await sessionsOf(second)).find((s) => s.current)!;
    expect((await sessionsOf(owner.cookie, `?person=${engineer.id}`)).map((s) => s.id)).toContain(target.id);

    // The engineer may not see the owner's sessions, nor end one: the same 404 as an id that never was.
    expect((await call(t, 'get', `/api/admin/sessions?person=${owner.id}`, engineer.cookie)).status).toBe(403);
    const ownerSession = (await sessionsOf(owner.cookie)).find((s) => s.current)!;
    const refused = await call(t, 'delete', `/api/admin/sessions/${ownerSession.id}`, engineer.cookie);
    const unknown = await call(t, 'delete', '/api/admin/sessions/AAAAAAAAAAAAAAAA', engineer.cookie);
    expect([refused.status, unknown.status]).toEqual([404, 404]);
    expect(refused.body).toEqual(unknown.body);
    expect((await sessionsOf(owner.cookie)).map((s) => s.id)).toContain(ownerSession.id);

    expect((await call(t, 'delete', `/api/admin/sessions/${target.id}`, owner.cookie)).status).toBe(200);
    await expectSignedOut(second);
    expect((await call(t, 'get', '/api/admin/me', engineer.cookie)).status).toBe(200);
  });

  it('ends all one’s other sessions at once', async () => {
    const other = await signInAgain('sess-engineer', SAFARI_IPHONE);
    const res = await call(t, 'delete', '/api/admin/sessions', engineer.cookie);
    expect(res.status).toBe(200);
    expect(res.body.ended).toBeGreaterThanOrEqual(1);
    await expectSignedOut(other);
    expect((await sessionsOf(engineer.cookie)).map((s) => s.current)).toEqual([true]);
  });

  it('answers bad ids and people with a 4xx that changes nothing', async () => {
    const before = (await sessionsOf(owner.cookie)).length;
    for (const id of ['1', '2147483648', 'x'.repeat(500), '%00AAAAAAAAAAAAAAA', 'AAAAAAAAAAAAAAA%00']) {
      expect((await call(t, 'delete', `/api/admin/sessions/${id}`, owner.cookie)).status).toBe(404);
    }
    for (const person of ['99999999999', 'abc', '0', '%00']) {
      expect((await call(t, 'get', `/api/admin/sessions?person=${person}`, owner.cookie)).status).toBe(404);
    }
    expect((await call(t, 'get', '/api/admin/sessions?person=999999', owner.cookie)).status).toBe(404);
    expect((await sessionsOf(owner.cookie)).length).toBe(before);
  });

  it('keeps "last seen" without a write on every request: at most once a minute per session', async () => {
    const { db } = t.services;
    const person = await createAdmin(db, { username: 'sess-clock', email: 'sess-clock@example.com', password: STAFF_PASSWORD });
    const start = new Date('2030-01-01T10:00:00.000Z');
    const { token, sid } = await createSession(db, person.id, { userAgent: FIREFOX_WINDOWS, address: '198.51.100.0/24' }, start);
    const stored = async () => await db.selectFrom('sessions').select(['sess', 'expire']).where('sid', '=', sid).executeTakeFirstOrThrow();
    const first = await stored();
    for (const seconds of [1, 20, 59]) await loadSession(db, token, new Date(start.getTime() + seconds * 1000));
    expect(await stored()).toEqual(first);
    const seen = await loadSession(db, token, new Date(start.getTime() + 61_000));
    expect(seen!.data.lastSeenAt).toBe('2030-01-01T10:01:01.000Z');
    expect(JSON.parse((await stored()).sess).lastSeenAt).toBe('2030-01-01T10:01:01.000Z');
  });

  it('holds a person whose role requires two-factor at its setup until done, the owner included', async () => {
    const assistant = await signedInStaff(t, 'assistant', 'sess-desk');
    expect((await call(t, 'put', '/api/admin/staff/required-two-factor', owner.cookie).send({ owner: true })).status).toBe(400);
    expect(
      (
        await call(t, 'put', '/api/admin/staff/required-two-factor', assistant.cookie).send({
          owner: true,
          engineer: true,
          assistant: true,
        })
      ).status,
    ).toBe(403);
    const saved = await call(t, 'put', '/api/admin/staff/required-two-factor', owner.cookie).send({
      owner: true,
      engineer: false,
      assistant: true,
    });
    expect(saved.body).toEqual({ owner: true, engineer: false, assistant: true });

    for (const person of [assistant, owner]) {
      const refused = await call(t, 'get', '/api/contact-submissions', person.cookie);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: SESSION_MESSAGES.setupRequired, twoFactorSetupRequired: true });
      expect((await call(t, 'get', '/api/admin/sessions', person.cookie)).status).toBe(403);
      expect((await call(t, 'get', '/api/admin/me', person.cookie)).body.twoFactorSetupRequired).toBe(true);
    }
    expect((await call(t, 'get', '/api/contact-submissions', engineer.cookie)).status).toBe(200);

    // The owner, held too, can still finish setup (the last owner is never locked out).
    for (const person of [owner, assistant]) {
      const setup = await call(t, 'post', '/api/admin/two-factor/setup', person.cookie);
      expect(setup.status).toBe(200);
      const code = totpCode(setup.body.secret as string, totpStep(new Date()));
      expect((await call(t, 'post', '/api/admin/two-factor/confirm', person.cookie).send({ code })).status).toBe(200);
      expect((await call(t, 'get', '/api/contact-submissions', person.cookie)).status).toBe(200);
      expect((await call(t, 'get', '/api/admin/me', person.cookie)).body.twoFactorSetupRequired).toBeUndefined();
    }
    const disable = await call(t, 'post', '/api/admin/two-factor/disable', assistant.cookie).send({
      password: STAFF_PASSWORD,
      code: '000000',
    });
    expect(disable.status).toBe(409);
    expect(disable.body.message).toBe(SESSION_MESSAGES.requiredCannotDisable);
    expect((await call(t, 'get', '/api/admin/staff/required-two-factor', owner.cookie)).body).toEqual({
      owner: true,
      engineer: false,
      assistant: true,
    });
    await call(t, 'put', '/api/admin/staff/required-two-factor', owner.cookie).send({ owner: false, engineer: false, assistant: false });
  });
});
