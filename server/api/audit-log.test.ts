import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CHALLENGE } from '#common/session-challenge.ts';
import { auditOfRequest } from '#server/http/admin-audit.ts';
import { settleBackgroundWork } from '#server/auth/background.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { appRoutes, concretePath } from '#server/test-support/app-routes.ts';
import { PROJECT_INPUT } from '#server/test-support/project-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';
import { call, keptMail, signedInStaff, STAFF_PASSWORD } from '#server/test-support/staff-fixture.ts';

/*
 * Who did what (decision 116): every admin write that succeeds leaves exactly one entry naming the
 * person who made it, in words, with what a setting or an amount was before and after; a refused or
 * failed write leaves none; every write route has words (a new one without fails here).
 */

type Person = { id: number; cookie: string };

describe.each(testDialects())('the audit log of admin writes (%s)', (dialect) => {
  let t: TestApp;
  let owner: Person;
  let desk: Person;
  let engineer: Person;
  let mail: ReturnType<typeof keptMail>;

  beforeAll(async () => {
    mail = keptMail();
    t = await createTestApp(dialect, { mailer: mail });
    owner = await signedInStaff(t, 'owner', 'olive-owner');
    desk = await signedInStaff(t, 'assistant', 'dana-desk');
    engineer = await signedInStaff(t, 'engineer', 'eli-engineer');
  }, 60_000);
  afterAll(async () => {
    await settleBackgroundWork();
    await t.close();
  });

  const lastId = async () =>
    Number(
      (
        await t.services.db
          .selectFrom('auditEntries')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
  const entriesAfter = (id: number) => t.services.db.selectFrom('auditEntries').selectAll().where('id', '>', id).orderBy('id').execute();

  /** Runs one write and returns the entries it left (with the answer's status). */
  async function written(send: () => PromiseLike<{ status: number; body: unknown }>) {
    const before = await lastId();
    const res = await send();
    return { res, entries: await entriesAfter(before) };
  }

  it('gives every admin write route of the app words for the log (a new route without them fails here)', async () => {
    const undescribed: string[] = [];
    for (const route of appRoutes(t.app)) {
      for (const method of route.methods.filter((m) => m !== 'GET')) {
        const url = concretePath(route.path);
        const visitor = await call(t, method.toLowerCase() as 'post', url).send({});
        const isAdminRoute = visitor.status === 401 && visitor.headers['www-authenticate'] === SESSION_CHALLENGE;
        // Words, or marked as no write (a check that changes nothing, the join that signs a person in).
        if (isAdminRoute && auditOfRequest(method, url).kind === 'undescribed') undescribed.push(`${method} ${route.path}`);
      }
    }
    expect(undescribed).toEqual([]);
  }, 60_000);

  it('records the billing settings and a package’s price with their values before and after, under the owner', async () => {
    const site = (await call(t, 'get', '/api/admin/site', owner.cookie)).body;
    const { version: _v, updatedAt: _u, ...billing } = site.billing;
    const days = await written(() =>
      call(t, 'put', '/api/admin/site/billing', owner.cookie).send({ ...billing, paymentTermsDays: 21, version: site.billing.version }),
    );
    expect(days.res.status, JSON.stringify(days.res.body)).toBe(200);
    expect(days.entries).toHaveLength(1);
    expect(days.entries[0]).toMatchObject({
      adminUserId: owner.id,
      person: 'olive-owner',
      area: 'money',
      action: 'Billing settings saved and published',
    });
    expect(JSON.parse(days.entries[0]!.changes!)).toEqual([
      { field: 'Days to pay', before: String(billing.paymentTermsDays), after: '21' },
    ]);
    expect(days.entries[0]!.ip).toMatch(/(\.0\/24|::\/48)$/);

    const { version, updatedAt: _updated, ...packages } = site.packages;
    const priced = packages.packages.map((item: { price: number }, index: number) =>
      index === 0 ? { ...item, price: item.price + 5 } : item,
    );
    const price = await written(() =>
      call(t, 'put', '/api/admin/site/packages', desk.cookie).send({ ...packages, packages: priced, version }),
    );
    expect(price.res.status, JSON.stringify(price.res.body)).toBe(200);
    expect(price.entries).toHaveLength(1);
    expect(price.entries[0]).toMatchObject({ adminUserId: desk.id, area: 'site', action: 'Packages and prices saved and published' });
    expect(JSON.parse(price.entries[0]!.changes!)).toEqual([
      {
        field: `Packages › Package 1 (${packages.packages[0].name}) › Price`,
        before: `$${packages.packages[0].price}`,
        after: `$${packages.packages[0].price + 5}`,
      },
    ]);
  });

  it('records an invoice made and voided by the front desk with its number, and the amounts and state it changed', async () => {
    const project = await written(() => call(t, 'post', '/api/admin/projects', desk.cookie).send({ ...PROJECT_INPUT, title: 'Audit EP' }));
    expect(project.res.status).toBe(201);
    expect(project.entries.map((e) => [e.adminUserId, e.area, e.action])).toEqual([[desk.id, 'projects', 'Project “Audit EP” made']]);
    const projectId = (project.res.body as { id: number }).id;

    const made = await written(() =>
      call(t, 'post', `/api/admin/projects/${projectId}/invoices`, desk.cookie).send({
        lines: [{ description: 'Mix', amountCents: 12_345 }],
      }),
    );
    expect(made.res.status).toBe(201);
    const invoice = made.res.body as { id: number; number: string };
    expect(made.entries.map((e) => e.action)).toEqual([`Invoice ${invoice.number} made for project “Audit EP”`]);

    const voided = await written(() =>
      call(t, 'post', `/api/admin/invoices/${invoice.id}/void`, desk.cookie).send({ reason: 'Wrong client' }),
    );
    expect(voided.res.status, JSON.stringify(voided.res.body)).toBe(200);
    expect(voided.entries).toHaveLength(1);
    expect(voided.entries[0]).toMatchObject({ adminUserId: desk.id, area: 'money', action: `Invoice ${invoice.number} voided` });
    expect(JSON.parse(voided.entries[0]!.changes!)).toEqual(expect.arrayContaining([{ field: 'state', before: 'draft', after: 'void' }]));
  });

  it('records a role change and a suspension as security events with the role before and after', async () => {
    const member = await signedInStaff(t, 'engineer', 'ray-roles');
    const promoted = await written(() => call(t, 'patch', `/api/admin/staff/${member.id}`, owner.cookie).send({ role: 'assistant' }));
    expect(promoted.res.status).toBe(200);
    expect(promoted.entries.map((e) => [e.adminUserId, e.area, e.action, JSON.parse(e.changes!)])).toEqual([
      [owner.id, 'security', 'Role of ray-roles changed', [{ field: 'role', before: 'engineer', after: 'assistant' }]],
    ]);
    const suspended = await written(() => call(t, 'patch', `/api/admin/staff/${member.id}`, owner.cookie).send({ suspended: true }));
    expect(suspended.entries.map((e) => [e.action, JSON.parse(e.changes!)])).toEqual([
      ['Staff member ray-roles suspended', [{ field: 'status', before: 'active', after: 'suspended' }]],
    ]);
    const removed = await written(() => call(t, 'delete', `/api/admin/staff/${member.id}`, owner.cookie));
    expect(removed.res.status).toBe(204);
    expect(removed.entries.map((e) => e.action)).toEqual(['Staff member ray-roles removed']);
  });

  it('records each person’s own writes under them, and no entry for a refused or a failed write', async () => {
    const own = await written(() => call(t, 'put', '/api/admin/me/setup-checklist', engineer.cookie).send({ dismissed: true }));
    expect(own.res.status, JSON.stringify(own.res.body)).toBe(200);
    expect(own.entries.map((e) => [e.adminUserId, e.area, e.action])).toEqual([
      [engineer.id, 'account', 'Setup checklist shown or put away'],
    ]);
    const refused = await written(() => call(t, 'put', '/api/admin/site/faq', engineer.cookie).send({}));
    expect(refused.res.status).toBe(403);
    expect(refused.entries).toEqual([]);
    const invalid = await written(() => call(t, 'post', '/api/admin/projects', desk.cookie).send({ title: '' }));
    expect(invalid.res.status).toBe(400);
    expect(invalid.entries).toEqual([]);
    const missing = await written(() => call(t, 'post', '/api/admin/invoices/2147483647/void', desk.cookie).send({}));
    expect(missing.res.status).toBe(404);
    expect(missing.entries).toEqual([]);
  });

  it('records sign-ins and failed ones; a name no account has is not kept', async () => {
    const wrong = await written(() => call(t, 'post', '/api/admin/login').send({ username: 'dana-desk', password: 'not-the-password-1' }));
    expect(wrong.res.status).toBe(401);
    expect(wrong.entries.map((e) => [e.adminUserId, e.area, e.action])).toEqual([
      [desk.id, 'security', 'Failed sign-in (wrong username or password)'],
    ]);
    const stranger = await written(() =>
      call(t, 'post', '/api/admin/login').send({ username: 'hunter2-typed-here', password: 'whatever-it-is-9' }),
    );
    expect(stranger.entries).toHaveLength(1);
    expect(stranger.entries[0]).toMatchObject({ adminUserId: null, person: 'Unknown username' });
    expect(JSON.stringify(stranger.entries[0])).not.toContain('hunter2');
    const again = await signedInStaff(t, 'assistant', 'sam-signin');
    const signedIn = await t.services.db.selectFrom('auditEntries').selectAll().where('adminUserId', '=', again.id).execute();
    expect(signedIn.map((e) => e.action)).toEqual(['Signed in']);
  });

  it('records a password change, a reset link asked for and used, under the person whose password it is', async () => {
    const pat = await signedInStaff(t, 'assistant', 'pat-password');
    const changed = await written(() =>
      call(t, 'post', '/api/admin/change-password', pat.cookie).send({
        currentPassword: STAFF_PASSWORD,
        newPassword: 'violet-harbour-quill-77',
      }),
    );
    expect(changed.res.status, JSON.stringify(changed.res.body)).toBe(200);
    expect(changed.entries.map((e) => [e.adminUserId, e.area, e.action])).toEqual([[pat.id, 'security', 'Password changed']]);

    const asked = await written(async () => {
      const res = await call(t, 'post', '/api/admin/forgot-password').send({ email: 'pat-password@example.com' });
      await call(t, 'post', '/api/admin/forgot-password').send({ email: 'nobody-here@example.com' });
      await settleBackgroundWork();
      return res;
    });
    expect(asked.entries.map((e) => [e.adminUserId, e.action])).toEqual([[pat.id, 'Password reset link asked for']]);
    const link = /reset-password\?token=([\w%-]+)/.exec(mail.sent.findLast((m) => m.to === 'pat-password@example.com')!.text);
    const reset = await written(() =>
      call(t, 'post', '/api/admin/reset-password').send({ token: decodeURIComponent(link![1]!), password: 'amber-canyon-lyric-58' }),
    );
    expect(reset.res.status, JSON.stringify(reset.res.body)).toBe(200);
    expect(reset.entries.map((e) => [e.adminUserId, e.area, e.action])).toEqual([
      [pat.id, 'security', 'Password reset with an e-mailed link'],
    ]);
  });

  it('keeps the user’s write when its entry cannot be stored', async () => {
    await t.services.db.schema.alterTable('auditEntries').renameTo('auditEntriesAway').execute();
    try {
      const res = await call(t, 'put', '/api/admin/me/setup-checklist', engineer.cookie).send({ dismissed: false });
      expect(res.status).toBe(200);
    } finally {
      await t.services.db.schema.alterTable('auditEntriesAway').renameTo('auditEntries').execute();
    }
    expect((await call(t, 'get', '/api/admin/me', engineer.cookie)).body.setupChecklistDismissed).toBe(false);
  });
});
