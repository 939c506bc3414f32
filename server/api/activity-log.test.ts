import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPageView, ProjectActivityView } from '#common/projects.ts';
import { encodeWav } from '#server/audio/wav.ts';
import { ACTIVITY_PAGE_SIZE, recordActivity, REPEAT_WINDOW_MS } from '#server/projects/activity.ts';
import { CLIENT_COOKIE } from '#server/projects/client-cookie.ts';
import { sine } from '#server/test-support/audio-files.ts';
import {
  cookieFrom,
  createProjectsTestApp,
  projectWithClient,
  signInLinkFor,
  uploadIntoProject,
  type ProjectsTestApp,
} from '#server/test-support/project-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';

type Agent = ReturnType<ProjectsTestApp['asClient']>;

/** Decision 085: repeated downloads count on one entry; the log comes a page at a time. */
describe.each(testDialects())('the activity log: repeated downloads and pages (%s)', (dialect) => {
  let t: ProjectsTestApp;
  let projectId: number;
  let client: string;
  let stranger: { client: string; projectId: number };
  let approver: string;
  let files: { master: number; instrumental: number };

  const summaries = (entries: ProjectActivityView[]) => entries.map((entry) => entry.summary);
  const adminView = async () => (await t.asAdmin.get(`/api/admin/projects/${projectId}`)).body as { activity: ProjectActivityView[] };
  const download = (agent: Agent, fileId: number) => agent.get(`/api/portal/projects/${projectId}/files/${fileId}/download`).buffer(true);
  const lastClientActivityAt = async (id = projectId) =>
    (await t.services.db.selectFrom('projects').select('lastClientActivityAt').where('id', '=', id).executeTakeFirstOrThrow())
      .lastClientActivityAt;

  /** Follows every page of a log from its view: each entry as it came, in order. */
  async function walk(area: 'admin' | 'portal', agent: Agent, id: number) {
    const view = (await agent.get(`/api/${area}/projects/${id}`)).body as {
      activity: ProjectActivityView[];
      activityNextBefore: number | null;
    };
    const pages = [view.activity.length];
    const seen = [...view.activity];
    let before = view.activityNextBefore;
    while (before !== null) {
      const res = await agent.get(`/api/${area}/projects/${id}/activity?before=${before}`);
      expect(res.status).toBe(200);
      const page = res.body as ActivityPageView;
      pages.push(page.activity.length);
      seen.push(...page.activity);
      before = page.nextBefore;
    }
    return { pages, ids: seen.map((entry) => entry.id), seen };
  }

  beforeAll(async () => {
    t = await createProjectsTestApp(dialect);
    const own = await projectWithClient(t, { clientEmail: 'downloads@example.com', clientName: 'Dee', price: null });
    projectId = own.project.id;
    client = own.client;
    const other = await projectWithClient(t, { clientEmail: 'elsewhere@example.com' });
    stranger = { client: other.client, projectId: other.project.id };
    const tone = sine(44_100, 1, -20);
    const wav = encodeWav([tone, tone], 44_100);
    const deliver = async (name: string) => {
      const res = await t.asAdmin
        .post(`/api/admin/projects/${projectId}/deliveries`)
        .send({ objectPath: await uploadIntoProject(t, t.asAdmin, projectId, name, wav) });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    files = { master: await deliver('mix.wav'), instrumental: await deliver('instrumental.wav') };
    await t.services.projects.projectFileProcessing.idle();

    // Someone the client lets approve, who may download the deliveries too.
    const added = await t
      .asClient(client)
      .post(`/api/portal/projects/${projectId}/collaborators`)
      .send({ email: 'label@example.com', role: 'approve' });
    expect(added.status).toBe(201);
    await t.services.projects.projectEmails.idle();
    const link = new URL(signInLinkFor(t.mail, 'label@example.com'));
    approver = cookieFrom(await t.request.get(link.pathname + link.search), CLIENT_COOKIE);
  });
  afterAll(() => t.close());

  it('20 downloads of one file at once make one entry that says 20 times; "waiting for the studio" does not move', async () => {
    const waiting = await lastClientActivityAt();
    const answers = await Promise.all(Array.from({ length: 20 }, () => download(t.asClient(client), files.master)));
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));

    const entries = (await adminView()).activity.filter((entry) => entry.summary.startsWith('Downloaded mix.wav'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ summary: 'Downloaded mix.wav (20 times)', count: 20, actor: 'client', actorName: 'Dee' });
    expect(entries[0]!.lastAt! >= entries[0]!.at).toBe(true);
    const portal = (await t.asClient(client).get(`/api/portal/projects/${projectId}`)).body as { activity: ProjectActivityView[] };
    expect(summaries(portal.activity)).toContain('Downloaded mix.wav (20 times)');
    expect(await lastClientActivityAt()).toBe(waiting);
  });

  it('another file, the ZIP and another person each count on their own entry', async () => {
    for (let i = 0; i < 2; i += 1) {
      expect((await download(t.asClient(client), files.instrumental)).status).toBe(200);
      expect((await t.asClient(client).get(`/api/portal/projects/${projectId}/deliveries.zip`)).status).toBe(200);
    }
    expect((await download(t.asClient(approver), files.master)).status).toBe(200);

    const log = summaries((await adminView()).activity);
    expect(log.filter((summary) => summary.startsWith('Downloaded'))).toEqual([
      'Downloaded mix.wav',
      'Downloaded all 2 deliveries as one ZIP (2 times)',
      'Downloaded instrumental.wav (2 times)',
      'Downloaded mix.wav (20 times)',
    ]);
    const once = (await adminView()).activity.find((entry) => entry.actorName === 'label@example.com');
    expect(once).toMatchObject({ count: 1, lastAt: null });
  });

  it('a download after an hour without one starts a new entry; within the hour it still counts', async () => {
    const { db } = t.services;
    const actor = { side: 'client', email: 'downloads@example.com', name: 'Dee' } as const;
    const event = { action: 'file_downloaded', name: 'late.wav', fileId: 999_999 } as const;
    const start = new Date('2026-11-27T10:00:00.000Z');
    const after = (ms: number) => new Date(start.getTime() + ms);
    await recordActivity(db, projectId, actor, event, start);
    await recordActivity(db, projectId, actor, event, after(REPEAT_WINDOW_MS - 60_000));
    await recordActivity(db, projectId, actor, event, after(2 * REPEAT_WINDOW_MS - 120_000));
    await recordActivity(db, projectId, actor, event, after(3 * REPEAT_WINDOW_MS));

    const late = (await adminView()).activity.filter((entry) => entry.summary.startsWith('Downloaded late.wav'));
    expect(late.map((entry) => [entry.summary, entry.at, entry.lastAt])).toEqual([
      ['Downloaded late.wav', after(3 * REPEAT_WINDOW_MS).toISOString(), null],
      ['Downloaded late.wav (3 times)', start.toISOString(), after(2 * REPEAT_WINDOW_MS - 120_000).toISOString()],
    ]);
  });

  it(`the views carry the newest ${ACTIVITY_PAGE_SIZE}; pages go on to the first entry without gaps or repeats, each side`, async () => {
    // 130 more entries, a third of them the studio's bookkeeping the client never sees.
    const rows = Array.from({ length: 130 }, (_, i) => ({
      projectId,
      actor: 'studio' as const,
      actorName: 'studio-owner',
      action: i % 3 === 0 ? 'details_changed' : 'file_removed',
      detail: JSON.stringify(i % 3 === 0 ? { fields: ['notes'] } : { name: `take-${i}.wav` }),
      createdAt: new Date().toISOString(),
    }));
    await t.services.db.insertInto('projectActivity').values(rows).execute();
    const all = await t.services.db.selectFrom('projectActivity').select(['id', 'action']).where('projectId', '=', projectId).execute();
    const expected = (keep: (action: string) => boolean) =>
      all
        .filter((row) => keep(row.action))
        .map((row) => row.id)
        .sort((a, b) => b - a);

    const studio = await walk('admin', t.asAdmin, projectId);
    expect(studio.ids).toEqual(expected(() => true));
    expect(studio.pages.slice(0, -1)).toEqual(Array(studio.pages.length - 1).fill(ACTIVITY_PAGE_SIZE));
    expect(studio.pages.length).toBeGreaterThanOrEqual(3);

    const shown = await walk('portal', t.asClient(client), projectId);
    const studioOnly = new Set([
      'details_changed',
      'retention_changed',
      'review_link_created',
      'review_link_revoked',
      'review_link_first_opened',
    ]);
    expect(shown.ids).toEqual(expected((action) => !studioOnly.has(action)));
    expect(shown.pages.slice(0, -1)).toEqual(Array(shown.pages.length - 1).fill(ACTIVITY_PAGE_SIZE));
    expect(shown.seen.some((entry) => entry.summary.startsWith('Changed the'))).toBe(false);

    // The log is the invited client's (common/collaborators.ts: VISIBLE_PARTS): a collaborator is refused it.
    expect((await t.asClient(approver).get(`/api/portal/projects/${projectId}/activity`)).status).toBe(403);
  });

  it('a cursor that is not an entry id is a 400; a page past the first entry is empty', async () => {
    for (const area of ['admin', 'portal'] as const) {
      const agent = area === 'admin' ? t.asAdmin : t.asClient(client);
      for (const before of ['abc', '0', '-5', '1.5', '', '99999999999', '12abc']) {
        const res = await agent.get(`/api/${area}/projects/${projectId}/activity?before=${encodeURIComponent(before)}`);
        expect(res.status, `${area} ${before}`).toBe(400);
        expect(res.body.errors.before).toBeDefined();
      }
      expect((await agent.get(`/api/${area}/projects/${projectId}/activity?before=1&before=2`)).status).toBe(400);
      const first = await agent.get(`/api/${area}/projects/${projectId}/activity?before=1`);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ activity: [], nextBefore: null });
      const newest = await agent.get(`/api/${area}/projects/${projectId}/activity`);
      expect(newest.body.activity).toHaveLength(ACTIVITY_PAGE_SIZE);
    }
  });

  it("another client's project, one that does not exist, or no session: 404, 404 and 401, before the cursor is read", async () => {
    const theirs = `/api/portal/projects/${stranger.projectId}/activity`;
    expect((await t.asClient(client).get(theirs)).status).toBe(404);
    expect((await t.asClient(client).get(`${theirs}?before=abc`)).status).toBe(404);
    expect((await t.asClient(stranger.client).get(theirs)).status).toBe(200);
    expect((await t.asClient(client).get('/api/portal/projects/99999/activity')).status).toBe(404);
    expect((await t.asAdmin.get('/api/admin/projects/99999/activity')).status).toBe(404);
    expect((await t.asClient('').get(`/api/portal/projects/${projectId}/activity`)).status).toBe(401);
    expect((await t.asClient(client).get(`/api/admin/projects/${projectId}/activity`)).status).toBe(401);
    expect((await t.asAdmin.get(`/api/portal/projects/${projectId}/activity`)).status).toBe(401);
    expect((await t.asAdmin.post(`/api/admin/projects/${projectId}/activity`)).status).toBe(405);
  });

  it('a project with 10,000 downloads in its log answers its views with one page', async () => {
    const { project, client: owner } = await projectWithClient(t, { clientEmail: 'busy@example.com', price: null });
    const at = Date.parse('2026-01-01T00:00:00.000Z');
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      projectId: project.id,
      actor: 'client' as const,
      actorName: 'Busy',
      action: 'file_downloaded',
      detail: JSON.stringify({ name: `stem-${i % 40}.wav` }),
      createdAt: new Date(at + i * REPEAT_WINDOW_MS * 2).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.services.db
        .insertInto('projectActivity')
        .values(rows.slice(i, i + 500))
        .execute();

    const admin = await t.asAdmin.get(`/api/admin/projects/${project.id}`);
    expect(admin.body.activity).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(admin.body.activityNextBefore).toBe(admin.body.activity.at(-1).id);
    const portal = await t.asClient(owner).get(`/api/portal/projects/${project.id}`);
    expect(portal.body.activity).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(portal.text.length).toBeLessThan(20_000);
    const next = await t.asClient(owner).get(`/api/portal/projects/${project.id}/activity?before=${portal.body.activityNextBefore}`);
    expect(next.body.activity).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(next.body.activity[0].id).toBeLessThan(portal.body.activityNextBefore);
  });
});
