import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '#server/audio/wav.ts';
import { PASSWORD_TRIES_PER_ADDRESS } from '#server/projects/review-links/listener-limits.ts';
import { listenerCookieName } from '#server/projects/review-links/link-tokens.ts';
import { sine } from '#server/test-support/audio-files.ts';
import { testDialects } from '#server/test-support/services.ts';
import {
  cookieFrom,
  createProjectsTestApp,
  ORIGIN,
  projectWithClient,
  uploadIntoProject,
  type ProjectsTestApp,
} from '#server/test-support/project-fixture.ts';

const inAWeek = () => new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();

/** Review links: the owner shares one track; a listener with the link (and its password) streams and comments, nothing more. */
describe.each(testDialects())('review links (%s)', (dialect) => {
  let t: ProjectsTestApp;
  let client: string;
  let ids: { project: number; track: number; version: number; otherTrack: number; otherVersion: number; otherProject: number };
  const linksPath = (track = ids.track) => `/api/admin/projects/${ids.project}/tracks/${track}/review-links`;
  const tokenOf = (url: string) => url.split('/listen/')[1]!;
  /** A listener's requests: no session, the same-site Origin, and the link's cookie once they have it. */
  const listener = (cookie?: string) => {
    const wrap = (method: 'get' | 'post' | 'patch' | 'delete') => (url: string) => {
      const req = t.request[method](url).set('Origin', ORIGIN).set('User-Agent', 'ListenerTest/1.0');
      return cookie ? req.set('Cookie', cookie) : req;
    };
    return { get: wrap('get'), post: wrap('post'), patch: wrap('patch'), delete: wrap('delete') };
  };
  const makeLink = async (body: object = {}) => {
    const res = await t.asAdmin.post(linksPath()).send(body);
    expect(res.status).toBe(201);
    return res.body as { id: number; url: string };
  };
  const unlock = async (token: string, linkId: number, password = '') => {
    const res = await listener()
      .post(`/api/listen/${token}/unlock`)
      .send({ password: password || 'x' });
    expect(res.status).toBe(204);
    return cookieFrom(res, listenerCookieName(linkId));
  };
  const accesses = (linkId: number) =>
    t.services.db.selectFrom('reviewLinkAccesses').selectAll().where('linkId', '=', linkId).orderBy('id').execute();

  beforeAll(async () => {
    t = await createProjectsTestApp(dialect);
    const own = await projectWithClient(t, { clientEmail: 'artist@example.com' });
    client = own.client;
    const tone = sine(44_100, 5, -20);
    const wav = encodeWav([tone, tone], 44_100);
    const addTrack = async (projectId: number, title: string) => {
      const track = await t.asAdmin.post(`/api/admin/projects/${projectId}/tracks`).send({ title });
      const objectPath = await uploadIntoProject(t, t.asAdmin, projectId, `${title}.wav`, wav);
      const version = await t.asAdmin.post(`/api/admin/projects/${projectId}/tracks/${track.body.id}/versions`).send({ objectPath });
      expect(version.status).toBe(201);
      return { track: track.body.id as number, version: version.body.id as number };
    };
    const shared = await addTrack(own.project.id, 'Song');
    const other = await addTrack(own.project.id, 'Other song');
    const elsewhere = await projectWithClient(t, { clientEmail: 'someone@example.com' });
    await t.services.projects.projectFileProcessing.idle();
    ids = {
      project: own.project.id,
      track: shared.track,
      version: shared.version,
      otherTrack: other.track,
      otherVersion: other.version,
      otherProject: elsewhere.project.id,
    };
  });
  afterAll(() => t.close());

  it('is the owner’s to make: 401 without a session or a client’s, 400 for bad input, 404 for a track not of the project', async () => {
    expect((await listener().post(linksPath()).send({})).status).toBe(401);
    expect((await t.asClient(client).post(linksPath()).send({})).status).toBe(401);
    expect((await t.asClient(client).get(linksPath())).status).toBe(401);
    const bad = [
      { password: 'abc' },
      { expiresAt: 'tomorrow' },
      { expiresAt: new Date(Date.now() - 60_000).toISOString() },
      { expiresAt: new Date(Date.now() + 400 * 24 * 60 * 60 * 1000).toISOString() },
      { somethingElse: true },
    ];
    for (const body of bad) {
      const res = await t.asAdmin.post(linksPath()).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await t.asAdmin.post(`/api/admin/projects/${ids.otherProject}/tracks/${ids.track}/review-links`).send({})).status).toBe(404);
    expect(await t.services.db.selectFrom('reviewLinks').select('id').execute()).toHaveLength(0);
  });

  it('makes a link with a random token (only its hash kept) under the public address, and the project log says so', async () => {
    const link = await makeLink({ password: 'open sesame', expiresAt: inAWeek() });
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/listen\/[A-Za-z0-9_-]{43}$/);
    const row = await t.services.db.selectFrom('reviewLinks').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(row.tokenHash).not.toContain(tokenOf(link.url));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const activity = await t.asAdmin.get(`/api/admin/projects/${ids.project}`);
    expect(JSON.stringify(activity.body)).toContain('Made a review link for \\"Song\\" (with a password');
  });

  it('asks for the password: a wrong one is refused and logged, then limited; the right one opens streaming and comments', async () => {
    const link = await makeLink({ password: 'open sesame' });
    const token = tokenOf(link.url);
    // No pass yet: nothing is served.
    expect((await listener().get(`/api/listen/${token}/track`)).status).toBe(401);
    expect((await listener().get(`/api/listen/${token}/versions/${ids.version}/audio`)).status).toBe(401);

    const wrong = await listener().post(`/api/listen/${token}/unlock`).send({ password: 'guess' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('That password is not right. Check it with the studio and try again.');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    for (let i = 1; i < PASSWORD_TRIES_PER_ADDRESS.limit; i++)
      await listener().post(`/api/listen/${token}/unlock`).send({ password: 'guess' });
    const limited = await listener().post(`/api/listen/${token}/unlock`).send({ password: 'open sesame' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await accesses(link.id)).filter((row) => row.event === 'password_failed')).toHaveLength(PASSWORD_TRIES_PER_ADDRESS.limit);

    await t.services.db.deleteFrom('rateLimits').execute();
    const pass = await unlock(token, link.id, 'open sesame');
    expect(String(pass)).not.toContain('open sesame');

    const track = await listener(pass).get(`/api/listen/${token}/track`);
    expect(track.status).toBe(200);
    expect(track.body.title).toBe('Song');
    expect(track.headers['cache-control']).toBe('private, no-store');
    expect(track.headers['referrer-policy']).toBe('no-referrer');

    const audio = await listener(pass).get(`/api/listen/${token}/versions/${ids.version}/audio`).set('Range', 'bytes=0-99');
    expect(audio.status).toBe(206);
    expect(audio.headers['content-range']).toMatch(/^bytes 0-99\//);
    expect(audio.headers['content-disposition']).toBe('inline');
    const seek = await listener(pass).get(`/api/listen/${token}/versions/${ids.version}/audio`).set('Range', 'bytes=100-199');
    expect(seek.status).toBe(206);

    const comment = await listener(pass)
      .post(`/api/listen/${token}/versions/${ids.version}/comments`)
      .send({ name: '  Sam Listener ', atSeconds: 1.5, endSeconds: 3, body: 'Lovely chorus' });
    expect(comment.status).toBe(201);
    const mine = comment.body.comments.find((c: { id: number }) => c.id === comment.body.id);
    expect(mine).toMatchObject({ authorSide: 'client', authorName: 'Sam Listener (via review link)', mine: true, atSeconds: 1.5 });
    const stored = await t.services.db
      .selectFrom('versionComments')
      .selectAll()
      .where('id', '=', comment.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.authorKey).toMatch(new RegExp(`^link:${link.id}:[A-Za-z0-9_-]+$`));
    expect(stored.authorName).toBe('Sam Listener');

    // The studio sees it, named as coming through the link, and it waits in the studio's comment batch.
    const studioView = await t.asAdmin.get(`/api/admin/projects/${ids.project}/tracks/${ids.track}/versions/${ids.version}/comments`);
    expect(studioView.body.comments.map((c: { authorName: string }) => c.authorName)).toContain('Sam Listener (via review link)');
    const queued = await t.services.db.selectFrom('projectEmails').select('kind').where('projectId', '=', ids.project).execute();
    expect(queued.map((row) => row.kind)).toContain('comments_for_studio');

    // Every use is in the log: one stream (the seek is not another), the comment, the failed passwords.
    const events = (await accesses(link.id)).map((row) => row.event);
    expect(events.filter((event) => event === 'streamed')).toHaveLength(1);
    expect(events).toContain('commented');
    const row = (await accesses(link.id)).find((r) => r.event === 'streamed')!;
    expect(row.ip).toMatch(/(\.0\/24|::\/48)$/);
    expect(row.userAgent).toBe('ListenerTest/1.0');

    const list = await t.asAdmin.get(linksPath());
    expect(list.body.links.find((l: { id: number }) => l.id === link.id)).toMatchObject({
      hasPassword: true,
      revokedAt: null,
      streams: 1,
      comments: 1,
      failedPasswords: PASSWORD_TRIES_PER_ADDRESS.limit,
    });
  });

  it('checks the listener’s name and comment: 400, nothing written', async () => {
    const link = await makeLink();
    const token = tokenOf(link.url);
    const pass = await unlock(token, link.id);
    const path = `/api/listen/${token}/versions/${ids.version}/comments`;
    for (const body of [
      { atSeconds: 1, body: 'No name' },
      { name: '   ', atSeconds: 1, body: 'Blank name' },
      { name: 'x'.repeat(61), atSeconds: 1, body: 'Long name' },
      { name: 'Sam', atSeconds: 1, body: '' },
      { name: 'Sam', atSeconds: 1, body: 'Hi', authorKey: 'admin:1' },
    ]) {
      expect((await listener(pass).post(path).send(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await accesses(link.id)).filter((row) => row.event === 'commented')).toHaveLength(0);
  });

  it('reaches nothing else: no other track, no other project, no files, no decisions', async () => {
    const link = await makeLink();
    const token = tokenOf(link.url);
    const pass = await unlock(token, link.id);
    expect((await listener(pass).get(`/api/listen/${token}/versions/${ids.otherVersion}/audio`)).status).toBe(404);
    expect((await listener(pass).get(`/api/listen/${token}/versions/${ids.otherVersion}/comments`)).status).toBe(404);
    expect(
      (
        await listener(pass)
          .post(`/api/listen/${token}/versions/${ids.otherVersion}/comments`)
          .send({ name: 'Sam', atSeconds: 1, body: 'x' })
      ).status,
    ).toBe(404);
    for (const path of [
      `/api/portal/projects/${ids.project}`,
      `/api/portal/projects/${ids.project}/files.zip`,
      `/api/portal/projects/${ids.project}/tracks/${ids.track}/versions/${ids.version}/audio`,
      `/api/admin/projects/${ids.project}`,
      `/api/admin/projects/${ids.otherProject}`,
    ]) {
      expect([401, 404], path).toContain((await listener(pass).get(path)).status);
    }
    for (const action of ['approve', 'request-revisions']) {
      expect([401, 404]).toContain((await listener(pass).post(`/api/listen/${token}/versions/${ids.version}/${action}`).send({})).status);
    }
    // Another link's cookie does not open this one.
    const locked = await makeLink({ password: 'second secret' });
    const renamed = pass.replace(listenerCookieName(link.id), listenerCookieName(locked.id));
    expect((await listener(renamed).get(`/api/listen/${tokenOf(locked.url)}/track`)).status).toBe(401);
  });

  it('after expiry, after revoking, and for a made-up token: the same 404 everywhere', async () => {
    const expiring = await makeLink({ expiresAt: inAWeek() });
    const revoked = await makeLink();
    const passes = { expiring: await unlock(tokenOf(expiring.url), expiring.id), revoked: await unlock(tokenOf(revoked.url), revoked.id) };
    await t.services.db
      .updateTable('reviewLinks')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.id)
      .execute();

    expect((await listener().delete(`${linksPath()}/${revoked.id}`)).status).toBe(401);
    expect((await t.asAdmin.delete(`${linksPath(ids.otherTrack)}/${revoked.id}`)).status).toBe(404);
    expect((await t.asAdmin.delete(`${linksPath()}/${revoked.id}`)).status).toBe(204);

    const answers = [];
    for (const [token, pass] of [
      [tokenOf(expiring.url), passes.expiring],
      [tokenOf(revoked.url), passes.revoked],
      ['A'.repeat(43), passes.revoked],
    ] as const) {
      for (const path of ['track', `versions/${ids.version}/audio`, `versions/${ids.version}/comments`]) {
        const res = await listener(pass).get(`/api/listen/${token}/${path}`);
        answers.push(`${res.status} ${res.body.message}`);
      }
      answers.push(String((await listener().post(`/api/listen/${token}/unlock`).send({ password: 'x' })).status));
    }
    expect(new Set(answers)).toEqual(new Set(['404 This review link has expired or was turned off', '404']));

    const list = await t.asAdmin.get(linksPath());
    expect(list.body.links.find((l: { id: number }) => l.id === revoked.id).revokedAt).toBeTruthy();
  });
});
