import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CHALLENGE } from '#common/session-challenge.ts';
import { refusalOf, roleMay, STAFF_ROLES, type StaffRole } from '#common/staff-roles.ts';
import { capabilityOfRequest } from '#server/http/admin-routes.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { appRoutes, concretePath } from '#server/test-support/app-routes.ts';
import { testDialects } from '#server/test-support/services.ts';
import { call, signedInStaff } from '#server/test-support/staff-fixture.ts';

/*
 * The role walk (issue 43): every admin route (a route that asks a visitor to sign in), found by
 * walking the app's routers, has a capability in server/http/admin-routes.ts, and every role is
 * answered as common/staff-roles.ts says: a 403 with the table's reason where it may not, never a
 * 403 (nor a sign-in) where it may.
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface AdminCall {
  method: Method;
  path: string;
  url: string;
}

describe.each(testDialects())('every admin route for every role (%s)', (dialect) => {
  let t: TestApp;
  const cookies = {} as Record<StaffRole, string>;
  let adminCalls: AdminCall[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of STAFF_ROLES) cookies[role] = (await signedInStaff(t, role, `walk-${role}`)).cookie;
    const candidates = appRoutes(t.app).flatMap((route) =>
      route.methods.map((method) => ({ method: method.toLowerCase() as Method, path: route.path, url: concretePath(route.path) })),
    );
    adminCalls = [];
    for (const candidate of candidates) {
      const visitor = await call(t, candidate.method, candidate.url).send({});
      if (visitor.status === 401 && visitor.headers['www-authenticate'] === SESSION_CHALLENGE) adminCalls.push(candidate);
    }
  }, 120_000);
  afterAll(() => t.close());

  it('finds the admin routes (the walk is not checked against an empty list)', () => {
    expect(adminCalls.length).toBeGreaterThan(100);
    expect(adminCalls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([
        'get /api/admin/invoices',
        'post /api/admin/staff',
        'delete /api/samples/:id/trash',
        'put /api/admin/site/:section',
      ]),
    );
  });

  it('gives every admin route a capability: a new route without one is refused to everyone and fails here', () => {
    const unlisted = adminCalls.filter((c) => capabilityOfRequest(c.method.toUpperCase(), c.url) === null);
    expect(unlisted.map((c) => `${c.method.toUpperCase()} ${c.path}`)).toEqual([]);
  });

  it.each(STAFF_ROLES)(
    'answers the %s as the table says, route by route',
    async (role) => {
      const wrong: string[] = [];
      for (const c of adminCalls) {
        const capability = capabilityOfRequest(c.method.toUpperCase(), c.url)!;
        const res = await call(t, c.method, c.url, cookies[role]).send({});
        const label = `${c.method.toUpperCase()} ${c.path} (${capability}): ${res.status} ${JSON.stringify(res.body)}`;
        if (roleMay(role, capability)) {
          if (res.status === 403 || res.status === 401) wrong.push(`refused: ${label}`);
        } else if (res.status !== 403 || res.body.message !== refusalOf(capability)) {
          wrong.push(`not refused: ${label}`);
        }
      }
      expect(wrong).toEqual([]);
    },
    120_000,
  );

  it('refuses the site’s billing section to the assistant, who edits the other sections', async () => {
    const billing = await call(t, 'put', '/api/admin/site/billing', cookies.assistant).send({});
    expect(billing.status).toBe(403);
    expect(billing.body.message).toBe('Only the owner changes the billing settings.');
    const faq = await call(t, 'put', '/api/admin/site/faq', cookies.assistant).send({});
    expect(faq.status).toBe(400);
  });
});
