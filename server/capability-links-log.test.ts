import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleBackgroundWork } from '#server/auth/background.ts';
import { bookingBody, linksIn, nextClientIp, slotList } from '#server/test-support/booking-fixture.ts';
import { createProjectsTestApp, ORIGIN, OWNER, projectWithClient, type ProjectsTestApp } from '#server/test-support/project-fixture.ts';
import { captureLogs, testDialects } from '#server/test-support/services.ts';

const pages = { kind: 'production', buildDir: path.join(import.meta.dirname, 'test-support', 'page-build') } as const;

/** The URL each access log line names. */
const loggedUrls = (logs: ReturnType<typeof captureLogs>) =>
  logs.lines.map((line) => (line.req as { url?: string } | undefined)?.url).filter((url): url is string => typeof url === 'string');

/*
 * Every kind of link that opens something by itself, used through the real app as its holder would
 * (pages and API), then the captured log is searched: no line holds a token, and the access log
 * still names each route, with [REDACTED] where the token was.
 */
describe.each(testDialects())('capability links in the log (%s)', (dialect) => {
  let t: ProjectsTestApp;
  let logs: ReturnType<typeof captureLogs>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    logs = captureLogs();
    t = await createProjectsTestApp(dialect, { pages, logger: logs.logger, env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await settleBackgroundWork();
    await t.close();
  });

  it('a review link: its page, its data request and its API', async () => {
    const { project } = await projectWithClient(t);
    const track = await t.asAdmin.post(`/api/admin/projects/${project.id}/tracks`).send({ title: 'Song' });
    const link = await t.asAdmin
      .post(`/api/admin/projects/${project.id}/tracks/${track.body.id}/review-links`)
      .send({ password: 'open sesame' });
    expect(link.status).toBe(201);
    const token = (tokens.review = String(link.body.url).split('/listen/')[1]!);

    await t.request.get(`/listen/${token}`);
    await t.request.get(`/listen/${token}.data`);
    expect((await t.request.post(`/api/listen/${token}/unlock`).set('Origin', ORIGIN).send({ password: 'open sesame' })).status).toBe(204);
    expect((await t.request.get(`/api/listen/${token}/track`)).status).toBe(401);

    const urls = loggedUrls(logs);
    expect(urls).toEqual(expect.arrayContaining(['/listen/[REDACTED]', '/listen/[REDACTED].data', '/api/listen/[REDACTED]/unlock']));
  });

  it('a booking’s cancel and reschedule links: the pages and the API', async () => {
    const [slot] = await slotList(t);
    const body = bookingBody(slot!.start);
    expect((await t.request.post('/api/bookings').set('X-Forwarded-For', nextClientIp()).send(body)).status).toBe(201);
    await t.services.booking.bookingEmails.idle();
    const links = linksIn(t.mail.find((mail) => mail.to === body.email)!);
    Object.assign(tokens, { cancel: links.cancel, reschedule: links.reschedule });

    await t.request.get(`/book/cancel/${links.cancel}`);
    await t.request.get(`/book/reschedule/${links.reschedule}`);
    expect((await t.request.get(`/api/bookings/${links.reschedule}/reschedule`)).status).toBe(200);
    expect((await t.request.post(`/api/bookings/${links.cancel}/cancel`).set('Origin', ORIGIN)).status).toBe(200);

    expect(loggedUrls(logs)).toEqual(
      expect.arrayContaining([
        '/book/cancel/[REDACTED]',
        '/book/reschedule/[REDACTED]',
        '/api/bookings/[REDACTED]/reschedule',
        '/api/bookings/[REDACTED]/cancel',
      ]),
    );
  });

  it('the owner’s calendar subscription', async () => {
    const { subscriptionUrl } = (await t.asAdmin.get('/api/admin/booking/settings')).body as { subscriptionUrl: string };
    const { pathname } = new URL(subscriptionUrl);
    tokens.calendar = /^\/calendar\/(.+)\.ics$/.exec(pathname)![1]!;
    expect((await t.request.get(pathname)).status).toBe(200);
    expect(loggedUrls(logs)).toContain('/calendar/[REDACTED].ics');
  });

  it('a portal sign-in link and a password reset link', async () => {
    await projectWithClient(t, { clientEmail: 'second@example.com' });
    const signIn = t.mail.filter((mail) => mail.to === 'second@example.com').at(-1)!;
    tokens.signIn = decodeURIComponent(/\/portal\/auth\?token=([^&\s]+)/.exec(signIn.text)![1]!);

    await t.request.post('/api/admin/forgot-password').set('Origin', ORIGIN).send({ email: OWNER.email });
    await settleBackgroundWork();
    const reset = t.mail.filter((mail) => mail.to === OWNER.email).at(-1)!;
    const resetLink = new URL(/https?:\/\/\S+reset-password\?token=\S+/.exec(reset.text)![0]);
    tokens.reset = resetLink.searchParams.get('token')!;
    await t.request.get(`${resetLink.pathname}${resetLink.search}`);

    expect(loggedUrls(logs)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/portal\/auth\?token=\[REDACTED\]&project=\d+$/)]));
    expect(loggedUrls(logs)).toContain('/manage/reset-password?token=[REDACTED]');
  });

  it('no log line holds any of the tokens', () => {
    expect(Object.keys(tokens).sort()).toEqual(['calendar', 'cancel', 'reschedule', 'reset', 'review', 'signIn']);
    const text = logs.text();
    for (const [kind, token] of Object.entries(tokens)) {
      expect(token.length, kind).toBeGreaterThanOrEqual(20);
      expect(text.includes(token) || text.includes(encodeURIComponent(token)), kind).toBe(false);
    }
  });
});
