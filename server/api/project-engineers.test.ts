import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import { call, signedInStaff } from '#server/test-support/staff-fixture.ts';

type Person = { id: number; cookie: string };

describe.each(testDialects())('who works on a project (%s)', (dialect) => {
  let t: TestApp;
  let owner: Person, erin: Person, ed: Person, desk: Person;
  let first: number, second: number;

  const create = async (who: Person, title: string) => {
    const res = await call(t, 'post', '/api/admin/projects', who.cookie).send({
      title,
      clientName: 'Cleo Client',
      clientEmail: `client-${title.toLowerCase().replace(/\W+/g, '-')}@example.com`,
      packageKey: 'standard',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const listed = async (who: Person, query = '') =>
    ((await call(t, 'get', `/api/admin/projects${query}`, who.cookie)).body.projects as Array<{ id: number }>).map((p) => p.id);
  const assign = (who: Person, projectId: number, engineerIds: number[]) =>
    call(t, 'put', `/api/admin/projects/${projectId}/engineers`, who.cookie).send({ engineerIds });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signedInStaff(t, 'owner', 'assign-owner');
    erin = await signedInStaff(t, 'engineer', 'assign-erin');
    ed = await signedInStaff(t, 'engineer', 'assign-ed');
    desk = await signedInStaff(t, 'assistant', 'assign-desk');
    first = await create(owner, 'First Album');
    second = await create(owner, 'Second Single');
  });
  afterAll(() => t.close());

  it('shows an engineer only the projects assigned to them, on every route below a project', async () => {
    expect(await listed(erin)).toEqual([]);
    expect((await call(t, 'get', `/api/admin/projects/${first}`, erin.cookie)).status).toBe(404);

    const assigned = await assign(desk, first, [erin.id, ed.id]);
    expect(assigned.status).toBe(200);
    expect(assigned.body.engineers).toEqual([
      { id: erin.id, name: 'assign-erin', lead: true },
      { id: ed.id, name: 'assign-ed', lead: false },
    ]);
    expect(await listed(erin)).toEqual([first]);
    expect((await call(t, 'get', `/api/admin/projects/${first}`, erin.cookie)).status).toBe(200);
    expect((await call(t, 'get', `/api/admin/projects/${first}/activity`, erin.cookie)).status).toBe(200);
    for (const path of ['', '/activity', '/tracks', '/engineers']) {
      expect((await call(t, 'get', `/api/admin/projects/${second}${path}`, erin.cookie)).status, path).toBe(404);
    }
    // The owner and the front desk see every project.
    expect((await listed(owner)).sort()).toEqual([first, second].sort());
    expect((await listed(desk)).sort()).toEqual([first, second].sort());
  });

  it('lets the owner and the front desk assign, not an engineer; only engineers and owners can be assigned', async () => {
    const refused = await assign(erin, first, [erin.id]);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the owner and the front desk assign engineers.');
    const notAssignable = await assign(owner, first, [desk.id]);
    expect(notAssignable.status).toBe(400);
    expect(notAssignable.body.errors.engineerIds).toHaveLength(1);
    expect((await assign(owner, first, [erin.id, erin.id])).status).toBe(400);
    expect((await assign(owner, 999_999, [erin.id])).status).toBe(404);
    const view = await call(t, 'get', `/api/admin/projects/${first}/engineers`, owner.cookie);
    expect(view.body.engineers.map((e: { id: number }) => e.id)).toEqual([erin.id, ed.id]);
    expect(view.body.candidates.map((c: { id: number }) => c.id).sort()).toEqual([owner.id, erin.id, ed.id].sort());
  });

  it('filters the list by "mine", and an engineer leads the project they start', async () => {
    expect(await listed(owner, '?mine=true')).toEqual([]);
    expect((await assign(owner, second, [owner.id])).status).toBe(200);
    expect(await listed(owner, '?mine=true')).toEqual([second]);

    const own = await create(ed, 'Ed Starts One');
    expect((await listed(ed)).sort()).toEqual([first, own].sort());
    expect((await call(t, 'get', `/api/admin/projects/${own}/engineers`, ed.cookie)).body.engineers).toEqual([
      { id: ed.id, name: 'assign-ed', lead: true },
    ]);
    // Taken off the project, the engineer no longer reaches it.
    expect((await assign(desk, first, [ed.id])).status).toBe(200);
    expect((await call(t, 'get', `/api/admin/projects/${first}`, erin.cookie)).status).toBe(404);
  });
});
