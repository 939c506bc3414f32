import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './auth/admin-users.ts';
import { PUBLIC_CACHE_CONTROL } from './http/public-cache/cache-policy.ts';
import { createTestApp, type TestApp } from './test-support/app.ts';
import { testDialects } from './test-support/services.ts';

// Production page handling on a stand-in build (`/` and `/contact`; every other path is React Router's 404).
const pages = { kind: 'production', buildDir: path.join(import.meta.dirname, 'test-support', 'page-build') } as const;
const ORIGIN = 'http://localhost:3000';
const OWNER = { username: 'owner', email: 'owner@example.com', password: 'correct-horse-9' };

let paths = 0;
const randomPath = () => `/no-such-page-${(paths += 1)}-${Math.random().toString(36).slice(2)}`;

/** Unknown paths: one stored 404 page for all of them, per content version; never for a private or personal path. */
describe.each(testDialects())('the not-found page (%s)', (dialect) => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { pages });
    await createAdmin(t.services.db, OWNER);
    const login = await t.request
      .post('/api/admin/login')
      .set('Origin', ORIGIN)
      .send({ username: OWNER.username, password: OWNER.password });
    owner = (login.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  });
  afterAll(() => t.close());

  it('answers every unknown path with the same stored 404 page, rendered once', async () => {
    const [one, two] = [randomPath(), randomPath()];
    const first = await t.request.get(one).set('Accept-Encoding', 'identity');
    const second = await t.request.get(two).set('Accept-Encoding', 'identity');
    expect([first.status, second.status]).toEqual([404, 404]);
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    for (const visited of [one, two]) expect(first.text).not.toContain(visited.slice(1));
    // A validator never turns a 404 into a 304.
    const conditional = await t.request.get(randomPath()).set('If-None-Match', first.headers.etag!);
    expect(conditional.status).toBe(404);
    expect(conditional.text).not.toBe('');
  });

  it('keeps one entry for all of them: a flood of random paths does not push real pages out', async () => {
    await t.request.get('/');
    for (let i = 0; i < 250; i += 1) expect((await t.request.head(randomPath())).status).toBe(404);
    expect((await t.request.get('/')).headers['x-page-cache']).toBe('hit');
    expect((await t.request.get(randomPath())).headers['x-page-cache']).toBe('hit');
  });

  it('is made again before the owner\u2019s change answers', async () => {
    await t.request.get(randomPath());
    expect((await t.request.get(randomPath())).headers['x-page-cache']).toBe('hit');
    await t.request
      .post('/api/samples')
      .set({ Cookie: owner, Origin: ORIGIN })
      .send({ title: 'New song', audioUrl: 'https://cdn.example.com/a.mp3' })
      .expect(201);
    // Made again while the write was held: current, and no visitor waits for it.
    expect((await t.request.get(randomPath())).headers['x-page-cache']).toBe('hit');
  });

  it('never answers a private, admin or personal request from it', async () => {
    await t.request.get(randomPath());
    const privatePaths = [
      '/manage/no-such-page',
      '/portal/no-such-page',
      '/listen/no-such-token',
      '/book/cancel/no-such-token',
      '/__manifest-x',
    ];
    for (const url of privatePaths) {
      const res = await t.request.get(url);
      expect(res.headers['x-page-cache'], url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    const signedIn = await t.request.get(randomPath()).set('Cookie', owner);
    expect(signedIn.status).toBe(404);
    expect(signedIn.headers['x-page-cache']).toBeUndefined();
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    // A data request for an unknown path is React Router's own, not the stored page.
    expect((await t.request.get(`${randomPath()}.data`)).headers['x-page-cache']).toBeUndefined();
  });
});
