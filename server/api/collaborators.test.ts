import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STUDIO_EMAIL } from '#common/site-content/defaults.ts';
import { settleBackgroundWork } from '#server/auth/background.ts';
import { encodeWav } from '#server/audio/wav.ts';
import { sine } from '#server/test-support/audio-files.ts';
import { CLIENT_COOKIE } from '#server/projects/client-cookie.ts';
import { INVITATIONS_PER_PROJECT_PER_DAY } from '#server/projects/collaborators.ts';
import { testDialects } from '#server/test-support/services.ts';
import {
  cookieFrom,
  createProjectsTestApp,
  ORIGIN,
  projectWithClient,
  signInLinkFor,
  reviewAndFiles,
  type ProjectsTestApp,
} from '#server/test-support/project-fixture.ts';

type Agent = ReturnType<ProjectsTestApp['asClient']>;

/** Collaborators (decision 081): who adds them, what each role may do, and how access ends. */
describe.each(testDialects())('collaborators on a project (%s)', (dialect) => {
  let t: ProjectsTestApp;
  let projectId: number;
  let client: string;
  let ids: { track: number; version: number; delivery: number; stem: number };
  /** Each role's session, signed in through the link of their own invitation. */
  const people: Record<'listen' | 'comment' | 'approve', { id: number; email: string; cookie: string }> = {} as never;

  const versionPath = () => `/api/portal/projects/${projectId}/tracks/${ids.track}/versions/${ids.version}`;
  const add = (agent: Agent, body: object, project = projectId) => agent.post(`/api/portal/projects/${project}/collaborators`).send(body);

  beforeAll(async () => {
    t = await createProjectsTestApp(dialect);
    const own = await projectWithClient(t, { clientEmail: 'band@example.com', clientName: 'The Band', price: null });
    projectId = own.project.id;
    client = own.client;
    const tone = sine(44_100, 3, -20);
    const wav = encodeWav([tone, tone], 44_100);
    ids = await reviewAndFiles(t, projectId, t.asClient(client), wav, 'kick.wav');
    await t.services.projects.projectFileProcessing.idle();

    for (const role of ['listen', 'comment', 'approve'] as const) {
      const email = `${role}@example.com`;
      const added = await add(t.asClient(client), { email: `  ${email.toUpperCase()} `, role });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ email, role, lastSignedInAt: null });
      await t.services.projects.projectEmails.idle();
      const link = new URL(signInLinkFor(t.mail, email));
      const landing = await t.request.get(link.pathname + link.search);
      expect(landing.headers.location).toBe(`/portal/projects/${projectId}`);
      people[role] = { id: added.body.id, email, cookie: cookieFrom(landing, CLIENT_COOKIE) };
    }
  });
  afterAll(() => t.close());

  it('the invitation goes to the collaborator, names the client and the role, and holds their own link', async () => {
    const invite = t.mail.find((m) => m.to === 'comment@example.com')!;
    expect(invite.subject).toMatch(/^The Band added you to "Midnight Drive \(single\)" with /);
    expect(invite.text).toContain('listen to the mixes and comment on them');
    expect(invite.text).toMatch(/Sign in: http:\/\/\S+\/portal\/auth\?token=\S+&project=\d+/);
    expect(t.mail.filter((m) => m.to === 'band@example.com' && /added you/.test(m.subject))).toEqual([]);
  });

  it('the client and the owner see the people with their roles; a collaborator is answered no list', async () => {
    const portal = await t.asClient(client).get(`/api/portal/projects/${projectId}`);
    expect(portal.body.access).toBe('client');
    expect(portal.body.collaborators.map((c: { email: string; role: string }) => [c.email, c.role])).toEqual([
      ['listen@example.com', 'listen'],
      ['comment@example.com', 'comment'],
      ['approve@example.com', 'approve'],
    ]);
    const admin = await t.asAdmin.get(`/api/admin/projects/${projectId}`);
    expect(admin.body.collaborators).toHaveLength(3);
    expect(admin.body.collaborators[0].lastSignedInAt).not.toBeNull();
    const asListener = await t.asClient(people.listen.cookie).get(`/api/portal/projects/${projectId}`);
    expect(asListener.status).toBe(200);
    expect(asListener.body.access).toBe('listen');
    expect(asListener.body).not.toHaveProperty('collaborators');
    const list = await t.asClient(people.listen.cookie).get('/api/portal/projects');
    expect(list.body.projects.map((p: { id: number }) => p.id)).toEqual([projectId]);
  });

  it('listen only: streams and reads comments; every other action is a 403', async () => {
    const agent = t.asClient(people.listen.cookie);
    expect((await agent.get(`${versionPath()}/audio`)).status).toBe(200);
    expect((await agent.get(`${versionPath()}/comments`)).status).toBe(200);
    const refused = [
      await agent.post(`${versionPath()}/comments`).send({ atSeconds: 1, body: 'Nice' }),
      await agent.post(`${versionPath()}/approve`),
      await agent.post(`${versionPath()}/request-revisions`).send({ summary: 'More' }),
      await agent.get(`/api/portal/projects/${projectId}/deliveries.zip`),
      await agent.get(`/api/portal/projects/${projectId}/files/${ids.delivery}/download`),
      await agent.patch(`/api/portal/projects/${projectId}`).send({ clientNotes: 'Hi' }),
      await agent.post(`/api/portal/projects/${projectId}/files`).send({ objectPath: '/objects/projects/1/x' }),
      await agent.post('/api/uploads/s3/multipart').send({ filename: 'a.wav', type: 'audio/wav', metadata: { projectId } }),
      await add(agent, { email: 'friend@example.com', role: 'listen' }),
      await agent.delete(`/api/portal/projects/${projectId}/collaborators/${people.comment.id}`),
    ];
    expect(refused.map((res) => res.status)).toEqual(refused.map(() => 403));
    expect(refused[0]!.body.message).toMatch(/listen only/);
  });

  it('comment: comments (signed with their address, named in the log) but cannot decide or download', async () => {
    const agent = t.asClient(people.comment.cookie);
    const posted = await agent.post(`${versionPath()}/comments`).send({ atSeconds: 1, body: 'Vocals up' });
    expect(posted.status).toBe(201);
    const mine = posted.body.comments.find((c: { id: number }) => c.id === posted.body.id);
    expect(mine).toMatchObject({ authorName: 'comment@example.com', mine: true });
    expect((await agent.patch(`${versionPath()}/comments/${posted.body.id}`).send({ body: 'Vocals up a bit' })).status).toBe(200);
    // The client's view of the same comment: not theirs to change.
    const asClient = await t.asClient(client).get(`${versionPath()}/comments`);
    expect(asClient.body.comments.find((c: { id: number }) => c.id === posted.body.id).mine).toBe(false);
    expect((await agent.post(`${versionPath()}/approve`)).status).toBe(403);
    expect((await agent.get(`/api/portal/projects/${projectId}/files/${ids.delivery}/download`)).status).toBe(403);
    await t.services.projects.projectEmails.idle();
    // Batched for 2 minutes: the e-mail is composed as it would be then.
    const waiting = await t.services.db.selectFrom('projectEmails').select('id').where('kind', '=', 'comments_for_studio').execute();
    await t.services.db
      .updateTable('projectEmails')
      .set({ nextAttemptAt: new Date().toISOString() })
      .where('kind', '=', 'comments_for_studio')
      .execute();
    t.services.projects.projectEmails.sendSoon();
    await t.services.projects.projectEmails.idle();
    expect(waiting.length).toBeGreaterThan(0);
    const notice = t.mail.filter((m) => /left 1 comment/.test(m.subject)).at(-1);
    expect(notice!.subject).toBe('comment@example.com left 1 comment on "Midnight Drive (single)"');
    // Grouped by author, each named as they are on the project (issue 41).
    expect(notice!.text).toContain('From comment@example.com (collaborator, can comment):\n  - Song v1 at 0:01:');
    const log = await t.asAdmin.get(`/api/admin/projects/${projectId}`);
    expect(log.body.activity).toEqual(
      expect.arrayContaining([expect.objectContaining({ actorName: 'comment@example.com', summary: 'Commented on v1 at 0:01' })]),
    );
  });

  it('approve: downloads the deliveries (not the client’s own files) and approves; the studio’s e-mail names them', async () => {
    const agent = t.asClient(people.approve.cookie);
    expect((await agent.get(`/api/portal/projects/${projectId}/files/${ids.delivery}/download`)).status).toBe(200);
    expect((await agent.get(`/api/portal/projects/${projectId}/deliveries.zip`)).status).toBe(200);
    expect((await agent.get(`/api/portal/projects/${projectId}/files/${ids.stem}/download`)).status).toBe(404);
    expect((await agent.post(`/api/portal/projects/${projectId}/files`).send({ objectPath: '/objects/x' })).status).toBe(403);
    const approved = await agent.post(`${versionPath()}/approve`);
    expect(approved.status).toBe(200);
    await t.services.projects.projectEmails.idle();
    const notice = t.mail.filter((m) => m.to === DEFAULT_STUDIO_EMAIL && /approved version 1/.test(m.subject)).at(-1);
    expect(notice!.subject).toBe('approve@example.com approved version 1 of "Song"');
    expect(notice!.text).toContain('Approved by approve@example.com');
    // The client hears of it too (issue 41); the approver is not told of their own decision.
    const toClient = t.mail.filter((m) => m.to === 'band@example.com' && /approved version 1/.test(m.subject));
    expect(toClient.map((m) => m.subject)).toEqual(['approve@example.com approved version 1 of "Song"']);
    expect(t.mail.filter((m) => m.to === 'approve@example.com' && /approved version/.test(m.subject))).toEqual([]);
  });

  it('the owner changes a role and it counts at the next request', async () => {
    const agent = t.asClient(people.listen.cookie);
    expect((await agent.post(`${versionPath()}/comments`).send({ atSeconds: 2, body: 'Hi' })).status).toBe(403);
    const changed = await t.asAdmin.patch(`/api/admin/projects/${projectId}/collaborators/${people.listen.id}`).send({ role: 'comment' });
    expect(changed.status).toBe(200);
    expect(changed.body.role).toBe('comment');
    expect((await agent.post(`${versionPath()}/comments`).send({ atSeconds: 2, body: 'Hi' })).status).toBe(201);
    expect(
      (await t.asAdmin.patch(`/api/admin/projects/${projectId}/collaborators/${people.listen.id}`).send({ role: 'owner' })).status,
    ).toBe(400);
    expect((await t.asAdmin.patch(`/api/admin/projects/${projectId}/collaborators/99999`).send({ role: 'listen' })).status).toBe(404);
    // The client cannot set roles: the owner's route answers 401 to a client session.
    expect(
      (await t.asClient(client).patch(`/api/admin/projects/${projectId}/collaborators/${people.listen.id}`).send({ role: 'approve' }))
        .status,
    ).toBe(401);
  });

  it('adding: the same address again answers the one on the project; own address, bad input and strangers are refused', async () => {
    const sentBefore = t.mail.length;
    const again = await add(t.asClient(client), { email: 'approve@example.com', role: 'listen' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: people.approve.id, role: 'approve' });
    await t.services.projects.projectEmails.idle();
    expect(t.mail.length).toBe(sentBefore);
    const own = await add(t.asClient(client), { email: 'BAND@example.com', role: 'listen' });
    expect(own.status).toBe(400);
    expect(own.body.errors.email).toBeDefined();
    expect((await add(t.asClient(client), { email: 'not-an-address', role: 'listen' })).status).toBe(400);
    expect((await add(t.asClient(client), { email: 'x@example.com', role: 'owner' })).status).toBe(400);
    expect((await add(t.asClient(client), { email: 'x@example.com' })).status).toBe(400);
    expect((await add(t.asClient(''), { email: 'x@example.com', role: 'listen' })).status).toBe(401);
    expect((await add(t.asAdmin, { email: 'x@example.com', role: 'listen' })).status).toBe(401);
    const stranger = await projectWithClient(t, { clientEmail: 'stranger@example.com' });
    expect((await add(t.asClient(stranger.client), { email: 'x@example.com', role: 'listen' })).status).toBe(404);
  });

  it('a project invites up to 10 people a day: the next add is a 429 and nothing is sent', async () => {
    const other = await projectWithClient(t, { clientEmail: 'crew@example.com' });
    const agent = t.asClient(other.client);
    for (let n = 1; n <= INVITATIONS_PER_PROJECT_PER_DAY.limit; n += 1) {
      expect((await add(agent, { email: `crew${n}@example.com`, role: 'listen' }, other.project.id)).status).toBe(201);
    }
    // Taking someone off frees a place on the project, not another invitation.
    const first = (await t.asClient(other.client).get(`/api/portal/projects/${other.project.id}`)).body.collaborators[0];
    expect((await agent.delete(`/api/portal/projects/${other.project.id}/collaborators/${first.id}`)).status).toBe(204);
    await t.services.projects.projectEmails.idle();
    const sentBefore = t.mail.length;

    const over = await add(agent, { email: 'one-more@example.com', role: 'listen' }, other.project.id);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('A project can invite up to 10 people a day; nobody was invited. Try again tomorrow');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
    await t.services.projects.projectEmails.idle();
    expect(t.mail.length).toBe(sentBefore);
    expect(t.mail.some((m) => m.to === 'one-more@example.com')).toBe(false);
    const people = (await t.asClient(other.client).get(`/api/portal/projects/${other.project.id}`)).body.collaborators;
    expect(people.map((c: { email: string }) => c.email)).not.toContain('one-more@example.com');
    // Another project has its own day's invitations.
    const elsewhere = await projectWithClient(t, { clientEmail: 'crew-two@example.com' });
    expect((await add(t.asClient(elsewhere.client), { email: 'one-more@example.com', role: 'listen' }, elsewhere.project.id)).status).toBe(
      201,
    );
  });

  it('a project takes up to 20 people; adding is rate-limited', async () => {
    const other = await projectWithClient(t, { clientEmail: 'label@example.com' });
    const agent = t.asClient(other.client);
    const dayLater = () => t.services.db.deleteFrom('rateLimits').where('key', 'like', 'collaborators:invitations:%').execute();
    for (let n = 1; n <= 20; n += 1) {
      if (n % INVITATIONS_PER_PROJECT_PER_DAY.limit === 1) await dayLater();
      expect((await add(agent, { email: `p${n}@example.com`, role: 'listen' }, other.project.id)).status).toBe(201);
    }
    await dayLater();
    const over = await add(agent, { email: 'p21@example.com', role: 'listen' }, other.project.id);
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/up to 20/);
    const statuses: number[] = [];
    for (let n = 0; n < 10; n += 1)
      statuses.push((await add(agent, { email: 'p22@example.com', role: 'listen' }, other.project.id)).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it('a collaborator asking /portal for a link gets it at their own address', async () => {
    const before = t.mail.length;
    const asked = await t.request.post('/api/portal/sign-in').set('Origin', ORIGIN).send({ email: 'approve@example.com' });
    expect(asked.status).toBe(202);
    // The answer comes before the lookup (it must not tell a known address by its timing): the link is
    // queued by tracked background work, then sent by the project e-mails' sender.
    await settleBackgroundWork();
    await t.services.projects.projectEmails.idle();
    const sent = t.mail.slice(before);
    expect(sent.map((m) => m.to)).toEqual(['approve@example.com']);
    expect(sent[0]!.text).toMatch(/^Hi,\n/);
  });

  it('removed (by the owner or by the client), their session ends at once and their old link no longer works', async () => {
    const spare = signInLinkFor(t.mail, 'approve@example.com');
    expect((await t.asAdmin.delete(`/api/admin/projects/${projectId}/collaborators/${people.approve.id}`)).status).toBe(204);
    expect((await t.asClient(people.approve.cookie).get(`/api/portal/projects/${projectId}`)).status).toBe(401);
    const landing = await t.request.get(new URL(spare).pathname + new URL(spare).search);
    expect(landing.headers.location).toBe('/portal?link=invalid');
    expect((await t.asAdmin.delete(`/api/admin/projects/${projectId}/collaborators/${people.approve.id}`)).status).toBe(404);

    expect((await t.asClient(client).delete(`/api/portal/projects/${projectId}/collaborators/${people.comment.id}`)).status).toBe(204);
    expect((await t.asClient(people.comment.cookie).get(`${versionPath()}/comments`)).status).toBe(401);
    const admin = await t.asAdmin.get(`/api/admin/projects/${projectId}`);
    expect(admin.body.collaborators.map((c: { email: string }) => c.email)).toEqual(['listen@example.com']);
    expect(admin.body.activity.map((a: { summary: string }) => a.summary)).toEqual(
      expect.arrayContaining(['Took approve@example.com off the project', 'Took comment@example.com off the project']),
    );
    // Added again later, they come back as a new person on the project.
    expect((await add(t.asClient(client), { email: 'comment@example.com', role: 'listen' })).status).toBe(201);
  });

  it('revoking the project ends the collaborators’ access too', async () => {
    expect((await t.asAdmin.post(`/api/admin/projects/${projectId}/revoke-access`)).status).toBe(200);
    expect((await t.asClient(people.listen.cookie).get(`/api/portal/projects/${projectId}`)).status).toBe(401);
  });
});
