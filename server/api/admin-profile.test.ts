import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin } from '#server/auth/admin-users.ts';
import { INITIAL_PASSWORD_FILE } from '#server/auth/first-admin.ts';
import { settleBackgroundWork } from '#server/auth/background.ts';
import { LOGIN_MAX_FAILURES } from '#server/auth/login-guard.ts';
import { SESSION_COOKIE } from '#server/auth/session-cookie.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

const ORIGIN = 'http://localhost:3000';
const OWNER = { username: 'owner', email: 'owner@example.com', password: 'correct-horse-9' };
const OTHER = { username: 'helper', email: 'helper@example.com', password: 'helper-pass-12' };

/** The `name=value` part of the session cookie a response sets. */
function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  const cookie = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

describe.each(testDialects())('the admin’s own profile and setup checklist (%s)', (dialect) => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  let ownerId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { mailer: { destination: 'memory', close() {}, send: async (message) => void sent.push(message) } });
    ownerId = (await createAdmin(t.services.db, OWNER)).id;
    await createAdmin(t.services.db, OTHER);
  });
  afterAll(async () => {
    await settleBackgroundWork();
    await t.close();
  });
  beforeEach(async () => {
    await settleBackgroundWork();
    sent.length = 0;
    await t.services.db.deleteFrom('rateLimits').execute();
    // Every test starts from the owner as created.
    await t.services.db
      .updateTable('adminUsers')
      .set({ username: OWNER.username, email: OWNER.email, displayName: null, setupChecklistDismissedAt: null })
      .where('id', '=', ownerId)
      .execute();
  });

  const login = async (username = OWNER.username, password = OWNER.password) =>
    t.request.post('/api/admin/login').set('Origin', ORIGIN).send({ username, password });
  const signIn = async () => sessionCookie(await login());
  const patchMe = (cookie: string, body: unknown) =>
    t.request
      .patch('/api/admin/me')
      .set('Origin', ORIGIN)
      .set('Cookie', cookie)
      .send(body as object);
  const me = async (cookie: string) => (await t.request.get('/api/admin/me').set('Cookie', cookie)).body as Record<string, unknown>;
  const stored = () => t.services.db.selectFrom('adminUsers').selectAll().where('id', '=', ownerId).executeTakeFirstOrThrow();
  const profile = (changes: object = {}) => ({
    username: OWNER.username,
    email: OWNER.email,
    displayName: null,
    currentPassword: OWNER.password,
    ...changes,
  });

  it('answers 401 with the session challenge without a session, and changes nothing', async () => {
    const patch = await t.request
      .patch('/api/admin/me')
      .set('Origin', ORIGIN)
      .send(profile({ username: 'intruder' }));
    expect(patch.status).toBe(401);
    expect(patch.headers['www-authenticate']).toBe('Session');
    const put = await t.request.put('/api/admin/me/setup-checklist').set('Origin', ORIGIN).send({ dismissed: true });
    expect(put.status).toBe(401);
    expect(put.headers['www-authenticate']).toBe('Session');
    expect((await stored()).username).toBe(OWNER.username);
  });

  it('saves username, e-mail and display name; the session stays, the new username logs in, the old one no more', async () => {
    const cookie = await signIn();
    const res = await patchMe(cookie, profile({ username: ' Studio-Owner ', email: 'Me@Studio.Example', displayName: '  Alex Rivera ' }));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ id: ownerId, username: 'studio-owner', email: 'me@studio.example', displayName: 'Alex Rivera' });
    expect(res.body.password).toBeUndefined();
    expect(await me(cookie)).toMatchObject({ username: 'studio-owner', email: 'me@studio.example', displayName: 'Alex Rivera' });
    expect((await t.request.get('/api/auth/user').set('Cookie', cookie)).body.displayName).toBe('Alex Rivera');
    expect((await login(OWNER.username)).status).toBe(401);
    expect((await login('Studio-Owner')).status).toBe(200);

    // An empty display name clears it: the username is shown again.
    const cleared = await patchMe(cookie, profile({ username: 'studio-owner', email: 'me@studio.example', displayName: '' }));
    expect(cleared.status).toBe(200);
    expect(cleared.body.displayName).toBeNull();
  });

  it('sends reset links to the new address from then on, retires links sent to the old one and tells the old address', async () => {
    const cookie = await signIn();
    expect((await t.request.post('/api/admin/forgot-password').set('Origin', ORIGIN).send({ email: OWNER.email })).status).toBe(200);
    await settleBackgroundWork();
    const oldLink = sent.find((mail) => mail.subject === 'Reset your admin password')!;
    expect(oldLink.to).toBe(OWNER.email);
    const oldToken = decodeURIComponent(oldLink.text.match(/token=([\w%-]+)/)![1]!);

    expect((await patchMe(cookie, profile({ email: 'new-home@studio.example' }))).status).toBe(200);
    await settleBackgroundWork();
    const notice = sent.find((mail) => mail.subject === 'Your admin e-mail address was changed');
    expect(notice?.to).toBe(OWNER.email);
    expect(notice?.text).toContain('new-home@studio.example');
    const reuse = await t.request
      .post('/api/admin/reset-password')
      .set('Origin', ORIGIN)
      .send({ token: oldToken, password: 'taken-over-1' });
    expect(reuse.status).toBe(400);

    sent.length = 0;
    await t.request.post('/api/admin/forgot-password').set('Origin', ORIGIN).send({ email: OWNER.email });
    await t.request.post('/api/admin/forgot-password').set('Origin', ORIGIN).send({ email: 'New-Home@studio.example' });
    await settleBackgroundWork();
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([['new-home@studio.example', 'Reset your admin password']]);
  });

  it('refuses a wrong current password with a field message, counted against the same guard as a password change', async () => {
    const cookie = await signIn();
    const wrong = await patchMe(cookie, profile({ username: 'someone-else', currentPassword: 'not-my-password' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: ['Current password is incorrect'] });
    expect((await stored()).username).toBe(OWNER.username);

    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) {
      const guess = await t.request
        .post('/api/admin/change-password')
        .set('Origin', ORIGIN)
        .set('Cookie', cookie)
        .send({ currentPassword: `guess-${i}`, newPassword: 'brand-new-pass-1' });
      expect(guess.status).toBe(400);
    }
    // Five failures between the two forms lock the pair: even the right password now waits.
    const locked = await patchMe(cookie, profile({ displayName: 'Locked out' }));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await stored()).displayName).toBeNull();
  });

  it('answers 409 with a field message when another admin has the username or e-mail, in any case', async () => {
    const cookie = await signIn();
    const username = await patchMe(cookie, profile({ username: 'HELPER' }));
    expect(username.status).toBe(409);
    expect(username.body.errors).toEqual({ username: ['Another admin already has this username'] });
    const email = await patchMe(cookie, profile({ email: 'Helper@Example.COM' }));
    expect(email.status).toBe(409);
    expect(email.body.errors).toEqual({ email: ['Another admin already has this e-mail address'] });
    const both = await patchMe(cookie, profile({ username: 'Helper', email: 'HELPER@example.com' }));
    expect(Object.keys(both.body.errors).sort()).toEqual(['email', 'username']);
    expect(await stored()).toMatchObject({ username: OWNER.username, email: OWNER.email });
    // The owner's own name in other letters is not someone else's.
    expect((await patchMe(cookie, profile({ username: 'OWNER', email: 'OWNER@example.com' }))).status).toBe(200);
  });

  it.each([
    ['a username with a space', { username: 'two words' }, 'username'],
    ['an empty username', { username: '   ' }, 'username'],
    ['a username too long', { username: 'x'.repeat(65) }, 'username'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'email'],
    ['a display name too long', { displayName: 'y'.repeat(81) }, 'displayName'],
    ['a number for a username', { username: 42 }, 'username'],
    ['no current password', { currentPassword: '' }, 'currentPassword'],
    ['an unknown field', { isActive: 0 }, 'body'],
    ['a NUL in the username', { username: 'own\u0000er' }, 'username'],
    ['an escape in the display name', { displayName: 'Alex \u001b[31mRed' }, 'displayName'],
    ['a line break in the display name', { displayName: 'Alex\nRivera' }, 'displayName'],
  ])('refuses %s with 400 and a message for that field, changing nothing', async (_label, changes, field) => {
    const cookie = await signIn();
    const res = await patchMe(cookie, profile({ displayName: 'Changed', ...changes }));
    expect(res.status).toBe(400);
    expect(res.body.errors[field]?.length).toBeGreaterThan(0);
    expect(await stored()).toMatchObject({ username: OWNER.username, email: OWNER.email, displayName: null });
  });

  it('refuses bodies that are not an object with 400', async () => {
    const cookie = await signIn();
    for (const body of [[1, 2], 'text']) expect((await patchMe(cookie, body)).status).toBe(400);
  });

  it('a rename carries the generated first-password file along, so a password change still removes it', async () => {
    const file = path.join(t.services.dataDir, INITIAL_PASSWORD_FILE);
    writeFileSync(file, 'Admin username: owner\nAdmin password: generated\n\nRun `npm run admin -- set-password owner`.\n', {
      mode: 0o600,
    });
    const cookie = await signIn();
    expect((await patchMe(cookie, profile({ username: 'studio-boss' }))).status).toBe(200);
    expect(readFileSync(file, 'utf8')).toBe(
      'Admin username: studio-boss\nAdmin password: generated\n\nRun `npm run admin -- set-password studio-boss`.\n',
    );
    const change = await t.request
      .post('/api/admin/change-password')
      .set('Origin', ORIGIN)
      .set('Cookie', cookie)
      .send({ currentPassword: OWNER.password, newPassword: OWNER.password });
    expect(change.status).toBe(200);
    expect(existsSync(file)).toBe(false);
  });

  it('stores per admin whether the setup checklist was dismissed', async () => {
    const cookie = await signIn();
    const helper = sessionCookie(await login(OTHER.username, OTHER.password));
    expect((await me(cookie)).setupChecklistDismissed).toBe(false);
    const put = (body: unknown, as = cookie) =>
      t.request
        .put('/api/admin/me/setup-checklist')
        .set('Origin', ORIGIN)
        .set('Cookie', as)
        .send(body as object);

    const dismissed = await put({ dismissed: true });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toMatchObject({ id: ownerId, setupChecklistDismissed: true });
    expect((await me(cookie)).setupChecklistDismissed).toBe(true);
    expect((await t.request.get('/api/auth/user').set('Cookie', cookie)).body.setupChecklistDismissed).toBe(true);
    expect((await me(helper)).setupChecklistDismissed).toBe(false);

    for (const bad of [{ dismissed: 'yes' }, {}, { dismissed: true, extra: 1 }, [true]]) expect((await put(bad)).status).toBe(400);
    expect((await me(cookie)).setupChecklistDismissed).toBe(true);

    expect((await put({ dismissed: false })).body.setupChecklistDismissed).toBe(false);
    expect((await me(cookie)).setupChecklistDismissed).toBe(false);
  });
});
