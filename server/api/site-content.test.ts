import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultSiteContent, SITE_SECTIONS } from '#common/site-content/sections.ts';
import { createAdmin } from '#server/auth/admin-users.ts';
import { createAdminTestApp, createTestApp, TEST_ADMIN, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import { STALE_SECTION_MESSAGE } from './site-content.ts';

const ORIGIN = 'http://localhost:3000';

/** Every route of the site content API, with a body that a signed-in admin could send. */
const ROUTES: Array<[method: 'get' | 'put' | 'post', path: string, body?: object]> = [
  ['get', '/api/admin/site'],
  ['put', '/api/admin/site/studio', { ...defaultSiteContent().studio, version: 0 }],
  ['put', '/api/admin/site/no-such-section', {}],
  ['get', '/api/admin/site/faq/versions'],
  ['get', '/api/admin/site/faq/versions/1'],
  ['post', '/api/admin/site/faq/versions/1/restore'],
  ['post', '/api/admin/images'],
];

describe.each(testDialects())('the site content API on %s', (dialect) => {
  let t: TestApp;
  let visitor: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(dialect);
    visitor = await createTestApp(dialect);
  });
  afterAll(async () => {
    await visitor?.close();
    await t?.close();
  });
  beforeEach(async () => {
    await t.services.db.deleteFrom('siteContentVersions').execute();
  });

  const put = (section: string, body: unknown) => t.request.put(`/api/admin/site/${section}`).send(body as object);
  const studio = () => ({ ...defaultSiteContent().studio, version: 0 });
  const versionsOf = async (section: string) => (await t.request.get(`/api/admin/site/${section}/versions`)).body as unknown[];

  it('answers 401 on every route without a session, and changes nothing', async () => {
    for (const [method, path, body] of ROUTES) {
      const req = visitor.request[method](path);
      const res = await (body ? req.send(body) : req);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await visitor.services.db.selectFrom('siteContentVersions').select('id').execute()).toEqual([]);
  });

  it('reads every section, each with its version and time (the defaults are version 0)', async () => {
    const res = await t.request.get('/api/admin/site');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Object.keys(res.body).sort()).toEqual([...SITE_SECTIONS, 'drafts'].sort());
    expect(res.body.studio).toEqual({ ...defaultSiteContent().studio, version: 0, updatedAt: null });
    expect(res.body.faq).toMatchObject({ faq: expect.any(Array), version: 0 });
  });

  it('saves a whole section as a new version that the next read shows', async () => {
    const res = await put('studio', {
      ...studio(),
      name: 'Peachtree Sound',
      social: [{ label: 'Instagram', url: 'https://instagram.com/peach' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Peachtree Sound', version: 1, updatedAt: expect.any(String) });
    const read = await t.request.get('/api/admin/site');
    expect(read.body.studio).toMatchObject({ name: 'Peachtree Sound', version: 1, social: [{ label: 'Instagram' }] });
    expect((await t.services.site.siteContent.current()).studio.name).toBe('Peachtree Sound');
  });

  it('refuses wrong types, unknown fields and bad links with errors by field path, and saves nothing', async () => {
    const wrongTypes = await put('studio', { ...studio(), name: 42, responseHours: 'soon' });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body).toEqual({
      message: expect.any(String),
      errors: expect.objectContaining({ name: expect.any(Array), responseHours: expect.any(Array) }),
    });

    const unknown = await put('studio', { ...studio(), admin: true });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors)).toEqual(['body']);

    const script = await put('studio', { ...studio(), social: [{ label: 'Mine', url: 'javascript:alert(document.cookie)' }] });
    expect(script.status).toBe(400);
    expect(script.body.errors).toEqual({ 'social.0.url': [expect.stringMatching(/https/)] });

    const nested = await put('faq', { faq: [{ question: 'Q?', answer: 7 }], version: 0 });
    expect(nested.body.errors).toHaveProperty(['faq.0.answer']);
    for (const body of [[], 'text', null, { ...studio(), version: -1 }, { ...studio(), version: '1' }, defaultSiteContent().studio]) {
      expect((await put('studio', body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect(await versionsOf('studio')).toEqual([]);
    expect(await versionsOf('faq')).toEqual([]);
  });

  it('answers malformed JSON with 400, a 10 MB body with 413, and takes policies far over the API-wide 100 kB', async () => {
    const malformed = await t.request.put('/api/admin/site/faq').set('Content-Type', 'application/json').send('{"faq": [');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Malformed JSON body');

    const huge = { ...defaultSiteContent().policies, padding: 'x'.repeat(10 * 1024 * 1024), version: 0 };
    expect((await put('policies', huge)).status).toBe(413);

    const policies = defaultSiteContent().policies;
    const body = 'A fair rule for everyone. '.repeat(3800);
    const long = { privacy: { ...policies.privacy, body }, terms: { ...policies.terms, body }, version: 0 };
    expect(JSON.stringify(long).length).toBeGreaterThan(190 * 1024);
    const saved = await put('policies', long);
    expect(saved.status).toBe(200);
    expect(saved.body.privacy.body).toBe(long.privacy.body.trim());
    expect(await versionsOf('policies')).toHaveLength(1);
  });

  it('keeps a <script> in Markdown as the text it is: stored and answered verbatim, as JSON', async () => {
    const biography = 'I mix records.\n\n<script>alert("owned")</script> [click](javascript:alert(1))';
    const saved = await put('about', { ...defaultSiteContent().about, biography, version: 0 });
    expect(saved.status).toBe(200);
    const read = await t.request.get('/api/admin/site');
    expect(read.headers['content-type']).toMatch(/^application\/json/);
    expect(read.body.about.biography).toBe(biography);
  });

  it('answers 404 for an unknown section or version', async () => {
    expect((await put('no-such-section', { version: 0 })).status).toBe(404);
    expect((await put('__proto__', { version: 0 })).status).toBe(404);
    expect((await t.request.get('/api/admin/site/nope/versions')).status).toBe(404);
    for (const version of ['1', '0', 'abc', '-1', '1e3', '99999999999']) {
      expect((await t.request.get(`/api/admin/site/faq/versions/${version}`)).status, version).toBe(404);
      expect((await t.request.post(`/api/admin/site/faq/versions/${version}/restore`)).status, version).toBe(404);
    }
    expect((await t.request.delete('/api/admin/site/faq')).status).toBe(405);
  });

  it('answers a save from a stale version with 409, what is stored now, and saves nothing', async () => {
    expect((await put('studio', { ...studio(), name: 'First tab' })).status).toBe(200);
    const stale = await put('studio', { ...studio(), name: 'Second tab' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: STALE_SECTION_MESSAGE, current: expect.objectContaining({ name: 'First tab', version: 1 }) });
    expect((await t.request.get('/api/admin/site')).body.studio.name).toBe('First tab');
    expect(await versionsOf('studio')).toHaveLength(1);
    // From the version the 409 showed, the same change goes through.
    expect((await put('studio', { ...studio(), name: 'Second tab', version: 1 })).status).toBe(200);
  });

  it('lists versions newest first, shows one, and restores it as a new version', async () => {
    const faq = (question: string, version: number) => ({ faq: [{ question, answer: 'Yes.' }], version });
    await put('faq', faq('First?', 0));
    await put('faq', faq('Second?', 1));
    const versions = await t.request.get('/api/admin/site/faq/versions');
    expect(versions.body).toEqual([
      { version: 2, updatedAt: expect.any(String), updatedBy: TEST_ADMIN.username },
      { version: 1, updatedAt: expect.any(String), updatedBy: TEST_ADMIN.username },
    ]);
    const first = await t.request.get('/api/admin/site/faq/versions/1');
    expect(first.body).toMatchObject({ faq: [{ question: 'First?' }], version: 1 });

    const restored = await t.request.post('/api/admin/site/faq/versions/1/restore');
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ faq: [{ question: 'First?' }], version: 3 });
    expect((await t.request.get('/api/admin/site')).body.faq.faq).toEqual([{ question: 'First?', answer: 'Yes.' }]);
    expect(((await versionsOf('faq')) as Array<{ version: number }>).map((entry) => entry.version)).toEqual([3, 2, 1]);
  });
});

describe.each(testDialects())('the site content API with a real session on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const owner = { username: 'site-owner', email: 'site-owner@example.com', password: 'correct-horse-9' };
    await createAdmin(t.services.db, owner);
    const login = await t.request.post('/api/admin/login').set('Origin', ORIGIN).send(owner);
    cookie = (login.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  });
  afterAll(() => t?.close());

  it('records who saved, and refuses the same save from another site (CSRF)', async () => {
    const body = { ...defaultSiteContent().hero, headline: 'Mixed in Atlanta', version: 0 };
    const foreign = await t.request.put('/api/admin/site/hero').set('Cookie', cookie).set('Origin', 'https://evil.example').send(body);
    expect(foreign.status).toBe(403);
    const saved = await t.request.put('/api/admin/site/hero').set('Cookie', cookie).set('Origin', ORIGIN).send(body);
    expect(saved.status).toBe(200);
    const versions = await t.request.get('/api/admin/site/hero/versions').set('Cookie', cookie);
    expect(versions.body).toEqual([{ version: 1, updatedAt: expect.any(String), updatedBy: 'site-owner' }]);
  });
});

describe.runIf(testDialects().includes('postgres'))('two instances on one PostgreSQL database', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp('postgres', { asAdmin: true });
    second = await createTestApp('postgres', { asAdmin: true, sameDatabaseAs: first.services });
    await first.services.db
      .insertInto('adminUsers')
      .values({ id: TEST_ADMIN.id, username: TEST_ADMIN.username, email: TEST_ADMIN.email, password: 'x' })
      .execute();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("shows a save on one instance in the other's next read, though both had the content cached", async () => {
    expect((await second.services.site.siteContent.current()).studio.name).toBe(defaultSiteContent().studio.name);
    expect((await first.services.site.siteContent.current()).studio.name).toBe(defaultSiteContent().studio.name);
    const saved = await first.request
      .put('/api/admin/site/studio')
      .send({ ...defaultSiteContent().studio, name: 'Renamed Elsewhere', version: 0 });
    expect(saved.status).toBe(200);
    // The write answered only after its invalidation notice was published; the listener delivers it.
    await expect.poll(async () => (await second.services.site.siteContent.current()).studio.name).toBe('Renamed Elsewhere');
    expect((await second.request.get('/api/admin/site')).body.studio).toMatchObject({ name: 'Renamed Elsewhere', version: 1 });
  });
});
