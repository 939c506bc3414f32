import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

// The real owner-page loader, headers and sitemap on a stand-in build (test-support/owner-pages-build).
const pages = { kind: 'production', buildDir: path.join(import.meta.dirname, '..', 'test-support', 'owner-pages-build') } as const;
const SPOTIFY = 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy';
const SEO = { title: '', description: '', shareImage: null, noindex: false };

const creditsPage = (blocks: unknown[] = []) => ({
  slug: 'credits',
  title: 'Credits',
  visible: true,
  blocks: [
    { type: 'text', body: 'Records we **mixed**.' },
    { type: 'credits', title: 'Selected credits', credits: [{ artist: 'Ada', title: 'Northern', role: 'Mixing', year: 2025, url: null }] },
    ...blocks,
  ],
  seo: SEO,
});

const directive = (policy: string | undefined, name: string) => (policy ?? '').split('; ').find((part) => part.startsWith(`${name} `));

describe.each(testDialects())('the owner’s own pages on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(dialect, { pages });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.services.db.deleteFrom('siteContentVersions').execute();
    await t.services.invalidation.publish();
  });

  const current = async () =>
    (await t.request.get('/api/admin/site')).body.pages as { version: number; pages: Array<Record<string, unknown>> };
  const save = async (list: unknown[]) => t.request.put('/api/admin/site/pages').send({ version: (await current()).version, pages: list });

  it('is a section of the site, empty until the owner adds a page', async () => {
    expect(await current()).toMatchObject({ version: 0, pages: [] });
  });

  it('refuses an address the site answers already, and a player of another host, changing nothing', async () => {
    for (const slug of ['about', 'services', 'manage', 'api', 'assets', 'media', 'Credits', 'a/b']) {
      const res = await save([{ ...creditsPage(), slug }]);
      expect(res.status, slug).toBe(400);
      expect(Object.keys(res.body.errors), slug).toContain('pages.0.slug');
    }
    const other = await save([creditsPage([{ type: 'embed', url: 'https://evil.example/embed/album/4aawyAB9vmqN3uQ7FjRGTy', title: '' }])]);
    expect(other.status).toBe(400);
    expect(Object.keys(other.body.errors)).toContain('pages.0.blocks.2.url');
    const html = await save([creditsPage([{ type: 'embed', url: `<iframe src="${SPOTIFY}"></iframe>`, title: '' }])]);
    expect(html.status).toBe(400);
    expect((await current()).version).toBe(0);
  });

  it('stores the embed address it worked out itself, whatever the editor sent', async () => {
    const res = await save([
      creditsPage([{ type: 'embed', url: SPOTIFY, title: 'Northern', embedUrl: 'https://evil.example/x', provider: 'youtube' }]),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.pages[0].blocks[2]).toEqual({
      type: 'embed',
      url: SPOTIFY,
      title: 'Northern',
      provider: 'spotify',
      embedUrl: 'https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy',
      link: SPOTIFY,
    });
  });

  it('checks a pasted link for the editor: the provider and its embed address, or 400', async () => {
    const ok = await t.request.post('/api/embeds/check').send({ url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ provider: 'youtube', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
    for (const body of [
      { url: 'https://evil.example/watch?v=dQw4w9WgXcQ' },
      { url: 'http://youtu.be/dQw4w9WgXcQ' },
      { url: 'a\u0000b' },
      {},
      { url: 'x'.repeat(3000) },
      { url: 1 },
    ]) {
      const res = await t.request.post('/api/embeds/check').send(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('serves a shown page to visitors, from the shared cache, with no frame-src when it has no player', async () => {
    expect((await save([creditsPage()])).status).toBe(200);
    const first = await t.request.get('/credits');
    expect(first.status).toBe(200);
    expect(first.text).toContain('<h1>Credits</h1>');
    expect(first.text).toContain('Northern');
    expect(directive(first.headers['content-security-policy'], 'frame-src')).toBeUndefined();
    expect(first.headers['x-page-frame-sources']).toBeUndefined();
    expect((await t.request.get('/credits')).headers['x-page-cache']).toBe('hit');
  });

  it('lets a page with a player frame that provider only, and shows a link, not an iframe, until play', async () => {
    await save([creditsPage([{ type: 'embed', url: SPOTIFY, title: 'Northern' }])]);
    const res = await t.request.get('/credits');
    expect(res.status).toBe(200);
    expect(directive(res.headers['content-security-policy'], 'frame-src')).toBe('frame-src https://open.spotify.com');
    expect(res.headers['x-page-frame-sources']).toBeUndefined();
    expect(res.text).not.toContain('<iframe');
    expect(res.text).toContain(`href="${SPOTIFY}"`);
    expect(res.text).not.toMatch(/src="https:\/\/(?!localhost)/);
  });

  it('answers 301 from every former address to today’s, and a rename back makes no loop', async () => {
    await save([creditsPage()]);
    for (const slug of ['our-credits', 'discography']) {
      const list = (await current()).pages;
      expect((await save([{ ...list[0], slug }])).status).toBe(200);
    }
    for (const old of ['credits', 'our-credits']) {
      const res = await t.request.get(`/${old}`);
      expect(res.status, old).toBe(301);
      expect(res.headers.location).toBe('/discography');
    }
    await save([{ ...(await current()).pages[0], slug: 'credits' }]);
    expect((await t.request.get('/credits')).status).toBe(200);
    const back = await t.request.get('/discography');
    expect(back.status).toBe(301);
    expect(back.headers.location).toBe('/credits');
  });

  it('answers 404 for a hidden page and an unknown one, and lists only shown, indexable pages in the sitemap', async () => {
    await save([
      creditsPage(),
      { ...creditsPage(), slug: 'gear', title: 'Gear', visible: false },
      { ...creditsPage(), slug: 'rates', title: 'Rates', seo: { ...SEO, noindex: true } },
    ]);
    expect((await t.request.get('/gear')).status).toBe(404);
    expect((await t.request.get('/no-such-page')).status).toBe(404);
    expect((await t.request.get('/rates')).status).toBe(200);
    const sitemap = await t.request.get('/sitemap.xml');
    expect(sitemap.text).toContain('/credits</loc>');
    expect(sitemap.text).not.toContain('/gear</loc>');
    expect(sitemap.text).not.toContain('/rates</loc>');
  });
  it('shows the studio’s testimonials in a testimonials block, under the page’s own heading', async () => {
    const quote = { quote: 'They made our record sing.', name: 'Ada North', role: 'Artist', url: null };
    const saved = await t.request.put('/api/admin/site/testimonials').send({ version: 0, testimonials: [quote] });
    expect(saved.status).toBe(200);
    await save([creditsPage([{ type: 'testimonials', title: 'Kind words' }])]);
    const res = await t.request.get('/credits');
    expect(res.text).toContain('Kind words');
    expect(res.text).toContain('They made our record sing.');
  });
});
