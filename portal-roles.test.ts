import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIST_PART_KEYS, PROJECT_VIEW_PART_KEYS, PROJECT_VIEW_PARTS, sees, type ProjectAccess } from '#common/collaborators.ts';
import { portalProjectLoader } from '#app/features/portal/portal-pages.server.ts';
import { contextWith } from '#app/lib/server-context.server.ts';
import { ACCESSES, hiddenKeys, NOTES, rolesProject, STEM, type RolesProject } from '#server/test-support/roles-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';

/**
 * Roles that hold in the API (issue 41): every portal answer with project data, for every kind of
 * person on the project, has exactly the parts common/collaborators.ts's VISIBLE_PARTS gives them,
 * and the project page's loader hands the page the same (so the page never hides what it was sent).
 * Here at the root, like refusals-agree.test.ts, because it drives both the API and a page loader.
 */
describe.each(testDialects())('what each role is answered by the portal API and the project page (%s)', (dialect) => {
  let r: RolesProject;
  const get = (access: ProjectAccess, path: string) => r.t.asClient(r.cookies[access]).get(`/api/portal/projects/${r.projectId}${path}`);

  beforeAll(async () => {
    r = await rolesProject(dialect);
  });
  afterAll(() => r.t.close());

  it('the client is answered every part: the table is not checked against an empty project', async () => {
    const view = (await get('client', '')).body;
    for (const part of PROJECT_VIEW_PARTS) for (const key of PROJECT_VIEW_PART_KEYS[part]) expect(view, key).toHaveProperty(key);
    expect(view.clientNotes).toBe(NOTES);
    expect(view.files.map((file: { name: string }) => file.name)).toEqual([STEM]);
    expect(view.collaborators).toHaveLength(3);
    expect(JSON.stringify(view.activity)).toContain(STEM);
    expect((await get('client', '/invoices')).body.invoices).toHaveLength(1);
  });

  it.each(ACCESSES)(
    'GET the project as %s: the keys of its table, and the shared parts exactly as the client is answered them',
    async (access) => {
      const client = (await get('client', '')).body;
      const res = await get(access, '');
      expect(res.status).toBe(200);
      const hidden = hiddenKeys(access);
      expect(Object.keys(res.body).sort()).toEqual(
        Object.keys(client)
          .filter((key) => !hidden.includes(key))
          .sort(),
      );
      expect(res.body.access).toBe(access);
      // The shared parts, deeply: the deliveries and the review room are everyone's.
      expect(res.body.deliveries).toEqual(client.deliveries);
      expect(res.body.deliveries.map((file: { id: number }) => file.id)).toEqual([r.ids.delivery]);
      expect(res.body.tracks).toEqual(client.tracks);
      // Nothing of a hidden part anywhere in the answer, under another key or not.
      const text = JSON.stringify(res.body);
      if (!sees(access, 'clientNotes')) expect(text).not.toContain(NOTES);
      if (!sees(access, 'clientFiles')) expect(text).not.toContain(STEM);
      if (!sees(access, 'collaborators'))
        for (const role of ['approve', 'comment', 'listen']) if (role !== access) expect(text).not.toContain(`${role}@`);
    },
  );

  it.each(ACCESSES)('GET the list of projects as %s: its row has the keys of its table', async (access) => {
    const rowOf = async (who: ProjectAccess) => {
      const rows = (await r.t.asClient(r.cookies[who]).get('/api/portal/projects')).body.projects as { id: number }[];
      return rows.find((row) => row.id === r.projectId)!;
    };
    const client = await rowOf('client');
    expect(client).toMatchObject({ access: 'client', fileCount: 1 });
    const row = await rowOf(access);
    const hidden = PROJECT_VIEW_PARTS.filter((part) => !sees(access, part)).flatMap((part) => PROJECT_LIST_PART_KEYS[part] ?? []);
    expect(Object.keys(row).sort()).toEqual(
      Object.keys(client)
        .filter((key) => !hidden.includes(key))
        .sort(),
    );
    expect(row).toMatchObject({ access });
  });

  it.each(ACCESSES)(
    'GET the log, the invoices and a PDF, a client file and the comments as %s: a part not theirs is a 403',
    async (access) => {
      const activity = await get(access, '/activity');
      expect(activity.status).toBe(sees(access, 'activity') ? 200 : 403);
      if (activity.status === 200) expect(Object.keys(activity.body).sort()).toEqual(['activity', 'nextBefore']);
      const invoices = await get(access, '/invoices');
      expect(invoices.status).toBe(sees(access, 'invoices') ? 200 : 403);
      if (invoices.status === 403) expect(invoices.body.invoices).toBeUndefined();
      const pdf = await r.t.asClient(r.cookies[access]).get(`/api/portal/invoices/${r.ids.invoice}.pdf`);
      expect(pdf.status).toBe(sees(access, 'invoices') ? 200 : 404);
      const stem = await get(access, `/files/${r.ids.stem}/download`);
      if (sees(access, 'clientFiles')) expect(stem.status).toBe(200);
      else expect([403, 404]).toContain(stem.status);
      const comments = await get(access, `/tracks/${r.ids.track}/versions/${r.ids.version}/comments`);
      expect(comments.status).toBe(200);
      // The same comments for everyone; only whose they are (mine, editableUntil) is the reader's own.
      const shared = (list: { id: number; body: string; authorName: string }[]) =>
        list.map(({ id, body, authorName }) => ({ id, body, authorName }));
      const clients = (await get('client', `/tracks/${r.ids.track}/versions/${r.ids.version}/comments`)).body.comments;
      expect(shared(comments.body.comments)).toEqual(shared(clients));
      expect(clients).toHaveLength(1);
    },
  );

  it.each(ACCESSES)("the project page's loader hands the page, as %s, what the API answers them", async (access) => {
    const context = contextWith({ services: r.t.services, portalClient: { email: r.emails[access], sid: 'test' } });
    const loaded = (await portalProjectLoader({ params: { id: String(r.projectId) }, context } as never)) as unknown as {
      data: { kind: string; project: Record<string, unknown>; billing: { invoices: unknown[] } | null };
    };
    expect(loaded.data.kind).toBe('project');
    const api = (await get(access, '')).body;
    expect(Object.keys(loaded.data.project).sort()).toEqual(Object.keys(api).sort());
    expect(JSON.parse(JSON.stringify(loaded.data.project))).toEqual(api);
    if (sees(access, 'invoices')) expect(loaded.data.billing?.invoices).toHaveLength(1);
    else expect(loaded.data.billing).toBeNull();
    const text = JSON.stringify(loaded.data);
    if (!sees(access, 'clientNotes')) expect(text).not.toContain(NOTES);
    if (!sees(access, 'clientFiles')) expect(text).not.toContain(STEM);
  });
});
