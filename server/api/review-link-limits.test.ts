import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '#server/audio/wav.ts';
import { listenerCookieName } from '#server/projects/review-links/link-tokens.ts';
import {
  LINK_ALERT_FAILURES,
  LINK_COMMENT_LIMIT,
  LINK_COMMENTS_PER_DAY,
  PASSWORD_TRIES_PER_ADDRESS,
} from '#server/projects/review-links/listener-limits.ts';
import { sine } from '#server/test-support/audio-files.ts';
import { nextClientIp } from '#server/test-support/booking-fixture.ts';
import {
  cookieFrom,
  createProjectsTestApp,
  ORIGIN,
  projectWithClient,
  uploadIntoProject,
  type ProjectsTestApp,
} from '#server/test-support/project-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';

const PASSWORD = 'open sesame';

/** Review links under attack: many addresses guessing the password, many addresses commenting. */
describe.each(testDialects())('review link limits (%s)', (dialect) => {
  let t: ProjectsTestApp;
  let ids: { project: number; track: number; version: number };
  /** A listener's request from an address of its own (the app trusts loopback as its proxy). */
  const from = (ip: string, cookie?: string) => {
    const wrap = (method: 'get' | 'post') => (url: string) => {
      const req = t.request[method](url).set('Origin', ORIGIN).set('X-Forwarded-For', ip);
      return cookie ? req.set('Cookie', cookie) : req;
    };
    return { get: wrap('get'), post: wrap('post') };
  };
  const makeLink = async (body: object) => {
    const res = await t.asAdmin.post(`/api/admin/projects/${ids.project}/tracks/${ids.track}/review-links`).send(body);
    expect(res.status).toBe(201);
    return { id: res.body.id as number, token: String(res.body.url).split('/listen/')[1]! };
  };
  const unlock = (token: string, ip: string, password: string) => from(ip).post(`/api/listen/${token}/unlock`).send({ password });

  beforeAll(async () => {
    t = await createProjectsTestApp(dialect, { env: { TRUST_PROXY: 'loopback' } });
    const { project } = await projectWithClient(t);
    const tone = sine(44_100, 2, -20);
    const track = await t.asAdmin.post(`/api/admin/projects/${project.id}/tracks`).send({ title: 'Song' });
    const objectPath = await uploadIntoProject(t, t.asAdmin, project.id, 'song.wav', encodeWav([tone, tone], 44_100));
    const version = await t.asAdmin.post(`/api/admin/projects/${project.id}/tracks/${track.body.id}/versions`).send({ objectPath });
    expect(version.status).toBe(201);
    await t.services.projects.projectFileProcessing.idle();
    ids = { project: project.id, track: track.body.id, version: version.body.id };
  });
  afterAll(() => t.close());

  it('wrong passwords from many addresses do not lock the link: a fresh address with the right one gets in', async () => {
    const link = await makeLink({ password: PASSWORD });
    const guessers = Array.from({ length: LINK_ALERT_FAILURES.limit / PASSWORD_TRIES_PER_ADDRESS.limit }, nextClientIp);
    for (const ip of guessers) {
      for (let i = 0; i < PASSWORD_TRIES_PER_ADDRESS.limit; i++) expect((await unlock(link.token, ip, `guess ${i}`)).status).toBe(403);
      // Each guesser is held back on its own.
      expect((await unlock(link.token, ip, PASSWORD)).status).toBe(429);
    }

    const client = await unlock(link.token, nextClientIp(), PASSWORD);
    expect(client.status).toBe(204);
    const pass = cookieFrom(client, listenerCookieName(link.id));
    expect((await from(nextClientIp(), pass).get(`/api/listen/${link.token}/track`)).status).toBe(200);
  });

  it('while the link is under attack, each address gets one try per window instead of five', async () => {
    const link = await makeLink({ password: PASSWORD });
    for (let n = 0; n < LINK_ALERT_FAILURES.limit / PASSWORD_TRIES_PER_ADDRESS.limit; n++) {
      const ip = nextClientIp();
      for (let i = 0; i < PASSWORD_TRIES_PER_ADDRESS.limit; i++) await unlock(link.token, ip, `guess ${i}`);
    }
    const newcomer = nextClientIp();
    expect((await unlock(link.token, newcomer, 'one more guess')).status).toBe(403);
    const again = await unlock(link.token, newcomer, PASSWORD);
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    // The refused try was never checked: the access log holds the checked failures only.
    const failures = await t.services.db
      .selectFrom('reviewLinkAccesses')
      .select('id')
      .where('linkId', '=', link.id)
      .where('event', '=', 'password_failed')
      .execute();
    expect(failures).toHaveLength(LINK_ALERT_FAILURES.limit + 1);
  });

  it('takes at most a day’s share of comments through one link, from any number of addresses', async () => {
    const link = await makeLink({});
    const comment = (ip: string, cookie: string, n: number) =>
      from(ip, cookie)
        .post(`/api/listen/${link.token}/versions/${ids.version}/comments`)
        .send({ name: 'Listener', atSeconds: 0.5, body: `Comment ${n}` });
    const listeners = [];
    for (let n = 0; n <= LINK_COMMENTS_PER_DAY.limit / LINK_COMMENT_LIMIT.limit; n++) {
      const ip = nextClientIp();
      const page = await from(ip).post(`/api/listen/${link.token}/unlock`).send({ password: 'x' });
      listeners.push({ ip, cookie: cookieFrom(page, listenerCookieName(link.id)) });
    }
    let written = 0;
    for (const { ip, cookie } of listeners) {
      for (let i = 0; i < LINK_COMMENT_LIMIT.limit && written < LINK_COMMENTS_PER_DAY.limit; i++) {
        expect((await comment(ip, cookie, written)).status).toBe(201);
        written += 1;
      }
    }
    const last = listeners.at(-1)!;
    const refused = await comment(last.ip, last.cookie, written);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      `This review link has taken its ${LINK_COMMENTS_PER_DAY.limit} comments for today; more can be left tomorrow`,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60 * 60);
    const stored = await t.services.db.selectFrom('versionComments').select('id').where('authorKey', 'like', `link:${link.id}:%`).execute();
    expect(stored).toHaveLength(LINK_COMMENTS_PER_DAY.limit);
  });
});
