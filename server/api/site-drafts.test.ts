import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultSiteContent } from '#common/site-content/sections.ts';
import { createAdmin } from '#server/auth/admin-users.ts';
import { SESSION_COOKIE } from '#server/auth/session-cookie.ts';
import { createAdminTestApp, createTestApp, TEST_ADMIN, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import { STALE_SECTION_MESSAGE } from './site-content.ts';

const ORIGIN = 'http://localhost:3000';
const hero = (headline: string, version: number) => ({ ...defaultSiteContent().hero, headline, version });

describe.each(testDialects())('site content drafts on %s', (dialect) => {
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
    await t.services.db.deleteFrom('siteContentDrafts').execute();
    await t.services.db.deleteFrom('siteContentVersions').execute();
  });

  const putDraft = (section: string, body: object) => t.request.put(`/api/admin/site/${section}/draft`).send(body);
  const publish = (section: string, version: number) => t.request.post(`/api/admin/site/${section}/publish`).send({ version });

  it('answers 401 to every draft call without a session, and stores nothing', async () => {
    const calls = [
      visitor.request.get('/api/admin/site/hero/draft'),
      visitor.request.put('/api/admin/site/hero/draft').send(hero('Sneaky', 0)),
      visitor.request.delete('/api/admin/site/hero/draft'),
      visitor.request.post('/api/admin/site/hero/publish').send({ version: 0 }),
    ];
    for (const call of calls) expect((await call).status).toBe(401);
    expect(await visitor.services.db.selectFrom('siteContentDrafts').select('section').execute()).toEqual([]);
  });

  it('saves a draft that the site does not show, lists it, replaces it, and discards it', async () => {
    expect((await t.request.get('/api/admin/site/hero/draft')).status).toBe(404);
    const saved = await putDraft('hero', hero('Mixed in Decatur', 0));
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      fields: { ...defaultSiteContent().hero, headline: 'Mixed in Decatur' },
      basedOn: 0,
      updatedAt: expect.any(String),
      updatedBy: TEST_ADMIN.username,
    });
    expect((await t.services.site.siteContent.current()).hero.headline).toBe(defaultSiteContent().hero.headline);

    const site = await t.request.get('/api/admin/site');
    expect(site.body.drafts).toEqual({ hero: { basedOn: 0, updatedAt: saved.body.updatedAt, updatedBy: TEST_ADMIN.username } });
    expect(site.body.hero).toEqual({ ...defaultSiteContent().hero, version: 0, updatedAt: null });

    await putDraft('hero', hero('Second thoughts', 0)).expect(200);
    expect((await t.request.get('/api/admin/site/hero/draft')).body.fields.headline).toBe('Second thoughts');

    expect((await t.request.delete('/api/admin/site/hero/draft')).status).toBe(204);
    expect((await t.request.delete('/api/admin/site/hero/draft')).status).toBe(404);
    expect((await t.request.get('/api/admin/site/hero/draft')).status).toBe(404);
    expect((await t.request.get('/api/admin/site')).body.drafts).toEqual({});
  });

  it('refuses a bad or oversized draft with errors by field and keeps the draft there was', async () => {
    await putDraft('hero', hero('Kept', 0)).expect(200);
    const bad = await putDraft('hero', { ...hero('', 0), image: 'not an image', extra: true });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['headline', 'image']));
    const missingImage = await putDraft('hero', { ...hero('Kept?', 0), image: { id: 'img_' + 'a'.repeat(21), alt: 'Desk' } });
    expect(missingImage.status).toBe(400);
    expect((await t.request.get('/api/admin/site/hero/draft')).body.fields.headline).toBe('Kept');
    expect((await t.request.put('/api/admin/site/no-such/draft').send({})).status).toBe(404);
    const huge = { ...defaultSiteContent().policies, padding: 'x'.repeat(10 * 1024 * 1024), version: 0 };
    expect((await putDraft('policies', huge)).status).toBe(413);
    expect((await t.request.get('/api/admin/site/policies/draft')).status).toBe(404);
  });

  it('publishes the draft as the next version, with its history, and drops the draft', async () => {
    await putDraft('hero', hero('Published from a draft', 0)).expect(200);
    const published = await publish('hero', 0);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ headline: 'Published from a draft', version: 1 });
    expect((await t.services.site.siteContent.current()).hero.headline).toBe('Published from a draft');
    expect((await t.request.get('/api/admin/site/hero/draft')).status).toBe(404);
    const diff = await t.request.get('/api/admin/site/hero/versions/1/diff');
    expect(diff.body.changes).toEqual([
      expect.objectContaining({ path: 'headline', after: expect.stringContaining('Published from a draft') }),
    ]);
    expect((await publish('hero', 1)).status).toBe(404);
  });

  it('refuses to publish over a save made after the draft was started (409), and keeps the draft', async () => {
    await putDraft('hero', hero('My draft', 0)).expect(200);
    await t.request.put('/api/admin/site/hero').send(hero('Saved by another tab', 0)).expect(200);
    const stale = await publish('hero', 0);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: STALE_SECTION_MESSAGE,
      current: expect.objectContaining({ headline: 'Saved by another tab', version: 1 }),
    });
    expect((await t.request.get('/api/admin/site/hero/draft')).body.fields.headline).toBe('My draft');
    expect((await t.services.site.siteContent.current()).hero.headline).toBe('Saved by another tab');
    // A publish that names another base than the draft's is refused too; a bad body is a 400.
    expect((await publish('hero', 1)).status).toBe(409);
    expect((await t.request.post('/api/admin/site/hero/publish').send({ version: 'one' })).status).toBe(400);
  });
});

// Production page handling on the stand-in build, whose page shows the hero headline.
const pages = { kind: 'production', buildDir: path.join(import.meta.dirname, '..', 'test-support', 'page-build') } as const;

describe.each(testDialects())('the preview of drafts on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { pages });
    const owner = { username: 'owner', email: 'owner@example.com', password: 'correct-horse-9' };
    await createAdmin(t.services.db, owner);
    const login = await t.request
      .post('/api/admin/login')
      .set('Origin', ORIGIN)
      .send({ username: owner.username, password: owner.password });
    cookie = (login.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    await t.request.put('/api/admin/site/hero/draft').set({ Cookie: cookie, Origin: ORIGIN }).send(hero('Draft headline', 0)).expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const published = defaultSiteContent().hero.headline.replace('&', '&#38;');

  it('shows the owner the draft, privately and unindexed, and never stores it for visitors', async () => {
    const preview = await t.request.get('/?preview=draft').set('Cookie', cookie);
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('<h1>Draft headline</h1>');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.headers['x-robots-tag']).toBe('noindex');
    expect(preview.headers['x-page-cache']).toBeUndefined();

    const later = await t.request.get('/');
    expect(later.text).toContain(`<h1>${published}</h1>`);
    expect(later.text).not.toContain('Draft headline');
    expect(later.headers['cache-control']).toMatch(/^public/);

    // Signed in without asking for the preview: the published page.
    expect((await t.request.get('/').set('Cookie', cookie)).text).not.toContain('Draft headline');
  });

  it('keeps the preview while the owner follows links, until they leave it', async () => {
    const started = await t.request.get('/?preview=draft').set('Cookie', cookie);
    const previewCookie = (started.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('studio.preview='))!;
    expect(previewCookie).toMatch(/^studio\.preview=draft; Path=\/; HttpOnly; SameSite=Lax/);
    const both = `${cookie}; ${previewCookie.split(';')[0]}`;
    expect((await t.request.get('/').set('Cookie', both)).text).toContain('<h1>Draft headline</h1>');

    const left = await t.request.get('/?preview=off&utm_source=x').set('Cookie', both);
    expect(left.status).toBe(303);
    expect(left.headers.location).toBe('/?utm_source=x');
    expect((left.headers['set-cookie'] as unknown as string[]).join()).toMatch(/studio\.preview=; .*Max-Age=0/);

    // The preview cookie alone (a signed-out browser) shows nothing: the visitors' stored page.
    const signedOut = await t.request.get('/').set('Cookie', previewCookie.split(';')[0]!);
    expect(signedOut.text).not.toContain('Draft headline');
    expect(signedOut.headers['x-page-cache']).toBeDefined();
  });

  it('gives a visitor who asks for the preview the published page, with or without an old cookie', async () => {
    for (const request of [
      t.request.get('/?preview=draft'),
      t.request.get('/?preview=draft').set('Cookie', `${SESSION_COOKIE}=expired.token`),
    ]) {
      const answer = await request;
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(`<h1>${published}</h1>`);
      expect(answer.text).not.toContain('Draft headline');
    }
  });
});
