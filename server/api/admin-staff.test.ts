import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CHALLENGE } from '#common/session-challenge.ts';
import { STAFF_MESSAGES } from '#common/staff.ts';
import { settleBackgroundWork } from '#server/auth/background.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import { call, keptMail, sessionCookieOf, signedInStaff, STAFF_PASSWORD } from '#server/test-support/staff-fixture.ts';

const JOIN_LINK = /http:\/\/localhost:3000\/manage\/join\/([\w-]+)/;

describe.each(testDialects())('the staff API (%s)', (dialect) => {
  let t: TestApp;
  let mail: ReturnType<typeof keptMail>;
  let owner: { id: number; cookie: string };

  beforeAll(async () => {
    mail = keptMail();
    t = await createTestApp(dialect, { mailer: mail });
    owner = await signedInStaff(t, 'owner', 'staff-owner');
  });
  afterAll(async () => {
    await settleBackgroundWork();
    await t.close();
  });

  const invite = (body: object) => call(t, 'post', '/api/admin/staff', owner.cookie).send(body);
  const join = (token: string, username: string, password = STAFF_PASSWORD) =>
    call(t, 'post', '/api/admin/staff/join').send({ token, username, password });
  /** The token of the newest invitation e-mailed to this address. */
  async function invitationTo(address: string): Promise<string> {
    await settleBackgroundWork();
    const found = mail.sent.findLast((message) => message.to === address);
    expect(found, `an invitation to ${address}`).toBeDefined();
    expect(found!.html).toContain('/manage/join/');
    return JOIN_LINK.exec(found!.text)![1]!;
  }

  it('invites by e-mail; the invitee joins once with the link, signed in with the role given', async () => {
    const res = await invite({ email: 'Eng@Example.com', name: 'Eve Engineer', role: 'engineer' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: 'eng@example.com', name: 'Eve Engineer', role: 'engineer', status: 'invited' });
    const token = await invitationTo('eng@example.com');
    const listed = await call(t, 'get', '/api/admin/staff', owner.cookie);
    expect(listed.body.staff).toContainEqual(expect.objectContaining({ id: res.body.id, status: 'invited' }));

    const taken = await join(token, 'Staff-Owner');
    expect(taken.status).toBe(409);
    expect(taken.body.errors.username).toEqual([STAFF_MESSAGES.usernameTaken]);
    const joined = await join(token, 'eve');
    expect(joined.status).toBe(201);
    const me = await call(t, 'get', '/api/admin/me', sessionCookieOf(joined));
    expect(me.body).toMatchObject({ username: 'eve', role: 'engineer' });
    expect((await join(token, 'eve-again')).body.message).toBe(STAFF_MESSAGES.invalidInvitation);
    const login = await call(t, 'post', '/api/admin/login').send({ username: 'eve', password: STAFF_PASSWORD });
    expect(login.status).toBe(200);
  });

  it('refuses a guessable password and keeps the link usable; refuses an expired link and an older one after a resend', async () => {
    const res = await invite({ email: 'desk@example.com', name: 'Dana Desk', role: 'assistant' });
    const first = await invitationTo('desk@example.com');
    const weak = await join(first, 'dana', 'password123');
    expect(weak.status).toBe(400);
    expect(weak.body.errors.password).toHaveLength(1);

    expect((await call(t, 'post', `/api/admin/staff/${res.body.id}/resend-invite`, owner.cookie)).status).toBe(202);
    const second = await invitationTo('desk@example.com');
    expect(second).not.toBe(first);
    expect((await join(first, 'dana')).status).toBe(400);

    await t.services.db
      .updateTable('staffInvitations')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await join(second, 'dana')).body.message).toBe(STAFF_MESSAGES.invalidInvitation);
    expect((await call(t, 'post', `/api/admin/staff/${res.body.id}/resend-invite`, owner.cookie)).status).toBe(202);
    expect((await join(await invitationTo('desk@example.com'), 'dana')).status).toBe(201);
    expect((await call(t, 'post', `/api/admin/staff/${res.body.id}/resend-invite`, owner.cookie)).status).toBe(409);
  });

  it('refuses an address already on the staff, and bad input without changing anything', async () => {
    expect((await invite({ email: 'eng@example.com', name: 'Again', role: 'engineer' })).status).toBe(409);
    const bad = await invite({ email: 'nobody', name: '', role: 'boss' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'name', 'role']);
    expect((await call(t, 'patch', `/api/admin/staff/${owner.id}`, owner.cookie).send({})).status).toBe(400);
    expect((await call(t, 'patch', '/api/admin/staff/99999', owner.cookie).send({ role: 'owner' })).status).toBe(404);
  });

  it('a role change counts on the next request; suspending and removing end the sessions at once', async () => {
    const person = await signedInStaff(t, 'engineer', 'changing');
    expect((await call(t, 'get', '/api/admin/invoices', person.cookie)).status).toBe(403);
    expect((await call(t, 'patch', `/api/admin/staff/${person.id}`, owner.cookie).send({ role: 'assistant' })).status).toBe(200);
    expect((await call(t, 'get', '/api/admin/invoices', person.cookie)).status).toBe(200);

    const suspended = await call(t, 'patch', `/api/admin/staff/${person.id}`, owner.cookie).send({ suspended: true });
    expect(suspended.body).toMatchObject({ status: 'suspended', role: 'assistant' });
    const ended = await call(t, 'get', '/api/admin/invoices', person.cookie);
    expect(ended.status).toBe(401);
    expect(ended.headers['www-authenticate']).toBe(SESSION_CHALLENGE);
    expect((await call(t, 'post', '/api/admin/login').send({ username: 'changing', password: STAFF_PASSWORD })).status).toBe(401);
    expect((await call(t, 'patch', `/api/admin/staff/${person.id}`, owner.cookie).send({ suspended: false })).body.status).toBe('active');

    const again = await call(t, 'post', '/api/admin/login').send({ username: 'changing', password: STAFF_PASSWORD });
    const cookie = sessionCookieOf(again);
    expect((await call(t, 'delete', `/api/admin/staff/${person.id}`, owner.cookie)).status).toBe(204);
    expect((await call(t, 'get', '/api/admin/me', cookie)).status).toBe(401);
    const staff = (await call(t, 'get', '/api/admin/staff', owner.cookie)).body.staff as Array<{ id: number }>;
    expect(staff.map((member) => member.id)).not.toContain(person.id);
    expect(await t.services.db.selectFrom('adminUsers').select('username').where('id', '=', person.id).executeTakeFirst()).toEqual({
      username: 'changing',
    });
  });

  it('keeps the last active owner: not demoted, suspended or removed', async () => {
    for (const [method, body] of [
      ['patch', { role: 'engineer' }],
      ['patch', { suspended: true }],
      ['delete', undefined],
    ] as const) {
      const res = await call(t, method, `/api/admin/staff/${owner.id}`, owner.cookie).send(body);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(STAFF_MESSAGES.lastOwner);
    }
    expect((await call(t, 'get', '/api/admin/me', owner.cookie)).body.role).toBe('owner');
  });

  it('keeps one active owner when twenty owners demote themselves at once', async () => {
    const owners = [owner];
    for (let i = 1; i < 20; i += 1) owners.push(await signedInStaff(t, 'owner', `racing-owner-${i}`));
    const answers = await Promise.all(
      owners.map((person) => call(t, 'patch', `/api/admin/staff/${person.id}`, person.cookie).send({ role: 'engineer' })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([...Array(19).fill(200), 409]);
    const active = await t.services.db
      .selectFrom('adminUsers')
      .select('id')
      .where('role', '=', 'owner')
      .where('isActive', '=', 1)
      .execute();
    expect(active).toHaveLength(1);
    owner = owners.find((person) => person.id === active[0]!.id)!;
  });
});
