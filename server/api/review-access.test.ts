import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '#server/audio/wav.ts';
import { sine } from '#server/test-support/audio-files.ts';
import { testDialects } from '#server/test-support/services.ts';
import { createProjectsTestApp, projectWithClient, uploadIntoProject, type ProjectsTestApp } from '#server/test-support/project-fixture.ts';

type Method = 'get' | 'post' | 'patch' | 'delete';
type Call = [method: Method, path: string, body?: object];

/** Every review-room route, as each kind of caller meets it: nobody, the other session, another client, the right one. */
describe.each(testDialects())('the review room: who may call what (%s)', (dialect) => {
  let t: ProjectsTestApp;
  let client: string;
  let stranger: string;
  let ids: { project: number; track: number; version: number; comment: number };

  beforeAll(async () => {
    t = await createProjectsTestApp(dialect);
    const own = await projectWithClient(t, { clientEmail: 'reviewer@example.com' });
    client = own.client;
    stranger = (await projectWithClient(t, { clientEmail: 'stranger@example.com' })).client;
    const track = await t.asAdmin.post(`/api/admin/projects/${own.project.id}/tracks`).send({ title: 'Song' });
    const tone = sine(44_100, 5, -20);
    const objectPath = await uploadIntoProject(t, t.asAdmin, own.project.id, 'v1.wav', encodeWav([tone, tone], 44_100));
    const version = await t.asAdmin.post(`/api/admin/projects/${own.project.id}/tracks/${track.body.id}/versions`).send({ objectPath });
    await t.services.projects.projectFileProcessing.idle();
    const comment = await t
      .asClient(client)
      .post(`/api/portal/projects/${own.project.id}/tracks/${track.body.id}/versions/${version.body.id}/comments`)
      .send({ atSeconds: 1, body: 'Here' });
    expect(comment.status).toBe(201);
    ids = { project: own.project.id, track: track.body.id, version: version.body.id, comment: comment.body.id };
  });
  afterAll(() => t.close());

  const versionPath = (area: 'admin' | 'portal') => `/api/${area}/projects/${ids.project}/tracks/${ids.track}/versions/${ids.version}`;
  const adminCalls = (): Call[] => [
    ['post', `/api/admin/projects/${ids.project}/tracks`, { title: 'Another' }],
    ['get', `/api/admin/projects/${ids.project}/tracks`],
    ['get', `/api/admin/projects/${ids.project}/tracks/${ids.track}`],
    ['post', `/api/admin/projects/${ids.project}/tracks/${ids.track}/versions`, { objectPath: '/objects/projects/1/x' }],
    ['get', `${versionPath('admin')}/comments`],
    ['post', `${versionPath('admin')}/comments`, { atSeconds: 1, body: 'x' }],
    ['patch', `${versionPath('admin')}/comments/${ids.comment}`, { body: 'x' }],
    ['delete', `${versionPath('admin')}/comments/${ids.comment}`],
    ['post', `${versionPath('admin')}/comments/${ids.comment}/resolve`],
    ['post', `${versionPath('admin')}/comments/${ids.comment}/reopen`],
    ['get', `${versionPath('admin')}/audio`],
  ];
  const portalCalls = (): Call[] => [
    ['get', `${versionPath('portal')}/comments`],
    ['post', `${versionPath('portal')}/comments`, { atSeconds: 1, body: 'x' }],
    ['patch', `${versionPath('portal')}/comments/${ids.comment}`, { body: 'x' }],
    ['delete', `${versionPath('portal')}/comments/${ids.comment}`],
    ['get', `${versionPath('portal')}/audio`],
    ['post', `${versionPath('portal')}/request-revisions`, { summary: 'x' }],
    ['post', `${versionPath('portal')}/approve`],
  ];
  const send = (agent: ReturnType<ProjectsTestApp['asClient']>, [method, path, body]: Call) => {
    const req = agent[method](path);
    return body ? req.send(body) : req;
  };

  it('the studio routes answer 401 to visitors and to a client session', async () => {
    for (const call of adminCalls()) {
      expect((await send(t.asClient(''), call)).status, call.join(' ')).toBe(401);
      expect((await send(t.asClient(client), call)).status, call.join(' ')).toBe(401);
    }
  });

  it("the client routes answer 401 to visitors and to an admin session, and 404 to another client's session", async () => {
    for (const call of portalCalls()) {
      expect((await send(t.asClient(''), call)).status, call.join(' ')).toBe(401);
      expect((await send(t.asAdmin, call)).status, call.join(' ')).toBe(401);
      expect((await send(t.asClient(stranger), call)).status, call.join(' ')).toBe(404);
    }
  });

  it("a track or version of another project, named under this one's path, is a 404", async () => {
    const other = await t.asAdmin
      .post('/api/admin/projects')
      .send({ title: 'Other', clientName: 'O', clientEmail: 'o@example.com', packageKey: 'custom' });
    const crossed = `/api/admin/projects/${other.body.id}/tracks/${ids.track}/versions/${ids.version}/comments`;
    expect((await t.asAdmin.get(crossed)).status).toBe(404);
    expect(
      (await t.asAdmin.post(`/api/admin/projects/${other.body.id}/tracks/${ids.track}/versions`).send({ objectPath: '/objects/x' })).status,
    ).toBe(404);
  });

  // Decisions and edits may be refused for their own reasons (decided already, not the author): never an access error.
  it('the right callers get through', async () => {
    for (const call of adminCalls()) {
      expect([200, 201, 400, 403], call.join(' ')).toContain((await send(t.asAdmin, call)).status);
    }
    for (const call of portalCalls()) {
      expect([200, 201, 206, 403, 409], call.join(' ')).toContain((await send(t.asClient(client), call)).status);
    }
  });
});
