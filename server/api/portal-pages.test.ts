import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_COOKIE } from '#server/projects/client-cookie.ts';
import { createSignInLink } from '#server/projects/client-sessions.ts';
import { testDialects } from '#server/test-support/services.ts';
import { createProjectsTestApp, ORIGIN, projectWithClient, type ProjectsTestApp } from '#server/test-support/project-fixture.ts';

const pages = { kind: 'production', buildDir: path.join(import.meta.dirname, '..', 'test-support', 'page-build') } as const;

/** What the portal's pages need from the server beyond the JSON API: plain form posts and no shared copies. */
describe.each(testDialects())('client portal pages (%s)', (dialect) => {
  let t: ProjectsTestApp;
  beforeAll(async () => {
    t = await createProjectsTestApp(dialect, { pages });
  });
  afterAll(() => t.close());

  it('signs out a plain form post (no JavaScript) with a redirect to /portal, and a script with 204', async () => {
    const { client } = await projectWithClient(t);
    const form = await t.request
      .post('/api/portal/sign-out')
      .set('Origin', ORIGIN)
      .set('Cookie', client)
      .set('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')
      .type('form')
      .send('');
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe('/portal');
    expect(String(form.headers['set-cookie'])).toContain(`${CLIENT_COOKIE}=;`);
    expect((await t.asClient(client).get('/api/portal/projects')).status).toBe(401);

    const { client: again } = await projectWithClient(t, { clientEmail: 'second@example.com' });
    const script = await t.asClient(again).post('/api/portal/sign-out').set('Accept', 'application/json');
    expect(script.status).toBe(204);
  });

  it('never answers /portal from the shared page cache: it reads ?link=invalid and belongs to one client', async () => {
    for (const url of ['/portal', '/portal?link=invalid', '/portal/projects/1']) {
      const res = await t.request.get(url);
      expect(res.headers['x-page-cache'], url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    // The site's own pages still are.
    await t.request.get('/');
    expect((await t.request.get('/')).headers['x-page-cache']).toBe('hit');
  });

  it('lets a mail scanner check a sign-in link with HEAD without spending it', async () => {
    const { project } = await projectWithClient(t, { clientEmail: 'scanned@example.com' });
    const { id } = project;
    const token = await createSignInLink(t.services.db, project.clientEmail);
    const url = `/portal/auth?token=${token}&project=${id}`;
    const checked = await t.request.head(url);
    expect(checked.status).toBe(204);
    expect(checked.headers['set-cookie']).toBeUndefined();
    const clicked = await t.request.get(url);
    expect(clicked.status).toBe(303);
    expect(clicked.headers.location).toBe(`/portal/projects/${id}`);
    expect(String(clicked.headers['set-cookie'])).toContain(`${CLIENT_COOKIE}=`);
  });
});
