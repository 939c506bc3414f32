import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NAVIGATION } from '#common/site-content/default-navigation.ts';
import { VISIBLE_SERVICES } from '#common/site-content/navigation.ts';
import { createAdminTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

const link = (label: string, target: string) => ({ label, target, children: [] });

/** The HTML of the page's `<header>` and of its `<footer>`. */
const parts = (html: string) => ({
  header: /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? '',
  footer: /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? '',
});
/** The text of each link in a piece of HTML, in order. */
const linkTexts = (html: string) =>
  [...html.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/g)].map((match) =>
    match[1]!
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .trim(),
  );

// The real pages, rendered by React Router through Vite (development mode): what a visitor without JavaScript gets.
describe.each(testDialects())('the menus as content (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(dialect, { pages: { kind: 'development' } });
    await t.request.get('/');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const versionOf = async (): Promise<number> => (await t.request.get('/api/admin/site')).body.navigation.version;
  const put = async (body: object) => t.request.put('/api/admin/site/navigation').send({ version: await versionOf(), ...body });

  it('refuses bad menus with 400 and the field each problem is in, and stores nothing', async () => {
    const cases: Array<[header: unknown[], field: string]> = [
      [[link('Blog', '/api/posts')], 'header.0.target'],
      [[link('Files', '/assets/app.js')], 'header.0.target'],
      [[link('Label', 'http://example.com')], 'header.0.target'],
      [[link('Script', 'javascript:alert(1)')], 'header.0.target'],
      [
        [{ label: 'Services', target: '', children: [{ label: 'Deep', target: '/', children: [link('Deeper', '/')] }] }],
        'header.0.children.0.children',
      ],
      [[link('', '/about')], 'header.0.label'],
      [[link('Nul\u0000', '/about')], 'header.0.label'],
      [[link('x'.repeat(61), '/about')], 'header.0.label'],
      [[{ ...link('Home', '/'), rel: 'me' }], 'header.0'],
    ];
    for (const [header, field] of cases) {
      const res = await put({ ...DEFAULT_NAVIGATION, header });
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.errors), field).toContain(field);
    }
    expect((await put({ header: 'nope', footer: [] })).status).toBe(400);
    expect((await t.request.put('/api/admin/site/navigation').send({ ...DEFAULT_NAVIGATION, version: 2 ** 31 })).status).toBe(400);
    expect(await versionOf()).toBe(0);
  });

  it('shows the menus of before until the owner changes them: Services holds the overview and the shown services', async () => {
    const { header, footer } = parts((await t.request.get('/about').expect(200)).text);
    expect(linkTexts(header)).toEqual(
      expect.arrayContaining(['Home', 'All Services', 'Mixing & Mastering', 'Process', 'Samples', 'About', 'Contact']),
    );
    expect(header).toMatch(/<summary[^>]*>Services/);
    expect(linkTexts(footer)).toEqual(expect.arrayContaining(['Mixing & Mastering', 'Process', 'Privacy Policy', 'Terms of Service']));
    expect(footer).toMatch(/<h2[^>]*>Services<\/h2>/);
    expect(footer).toMatch(/<h2[^>]*>Studio<\/h2>/);
  });

  it('publishes a renamed item, an item moved under Services and an outside footer link to every page', async () => {
    const [home, services, , samples, about, contact] = DEFAULT_NAVIGATION.header;
    const header = [
      home,
      { ...services!, children: [...services!.children, link('Our Process', '/process#timeline')] },
      samples,
      { ...about!, label: 'Our Story' },
      contact,
      link('Credits', '/credits'),
      link('Gone', '/services/no-such-service'),
    ];
    const [servicesColumn, studioColumn] = DEFAULT_NAVIGATION.footer;
    const footer = [
      servicesColumn,
      { ...studioColumn!, children: [...studioColumn!.children, link('Bandcamp', 'https://studio.bandcamp.com/')] },
    ];
    const saved = await put({ header, footer });
    expect(saved.status).toBe(200);

    for (const path of ['/', '/contact']) {
      const page = parts((await t.request.get(path).expect(200)).text);
      const texts = linkTexts(page.header);
      expect(texts).toContain('Our Story');
      expect(texts).not.toContain('About');
      expect(texts).toContain('Credits');
      expect(texts).not.toContain('Gone');
      // Moved under Services: inside the dropdown, after the services.
      const dropdown = /<details[\s\S]*?<\/details>/.exec(page.header)?.[0] ?? '';
      expect(linkTexts(dropdown).at(-1)).toBe('Our Process');
      expect(dropdown).toContain('href="/process#timeline"');
      const outside = /<a[^>]*href="https:\/\/studio\.bandcamp\.com\/"[^>]*>[\s\S]*?<\/a>/.exec(page.footer)?.[0] ?? '';
      expect(outside).toContain('rel="noopener"');
      expect(outside).toContain('(another site)');
    }

    const diff = await t.request.get(`/api/admin/site/navigation/versions/${saved.body.version}/diff`);
    const sentences = (diff.body.changes as Array<{ where: string; kind: string }>).map((change) => `${change.kind} ${change.where}`);
    expect(sentences).toContain('changed Header menu › Item 4 (Our Story) › Label');
  });

  it('keeps a draft menu off the site until it is published, and shows it to the owner in preview', async () => {
    const version = await versionOf();
    const header = [...DEFAULT_NAVIGATION.header, link('Draft Only', '/credits')];
    await t.request
      .put('/api/admin/site/navigation/draft')
      .send({ ...DEFAULT_NAVIGATION, header, version })
      .expect(200);
    expect(linkTexts(parts((await t.request.get('/about').expect(200)).text).header)).not.toContain('Draft Only');
    expect(linkTexts(parts((await t.request.get('/about?preview=draft').expect(200)).text).header)).toContain('Draft Only');
    await t.request.post('/api/admin/site/navigation/publish').send({ version }).expect(200);
    expect(linkTexts(parts((await t.request.get('/about').expect(200)).text).header)).toContain('Draft Only');
  });

  it('leaves out a footer column whose only links are the shown services when none is shown', async () => {
    const footer = [
      { label: 'Services', target: '', children: [link('', VISIBLE_SERVICES)] },
      { label: 'Studio', target: '', children: [link('About', '/about')] },
    ];
    expect((await put({ header: DEFAULT_NAVIGATION.header, footer })).status).toBe(200);
    const content = (await t.request.get('/api/admin/site')).body;
    const services = content.services.services.map((service: { visible: boolean }) => ({ ...service, visible: false }));
    const hidden = await t.request.put('/api/admin/site/services').send({ ...content.services, services });
    expect(hidden.status).toBe(200);
    const { header, footer: shown } = parts((await t.request.get('/about').expect(200)).text);
    expect(shown).not.toMatch(/<h2[^>]*>Services<\/h2>/);
    expect(linkTexts(header)).toContain('All Services');
    expect(linkTexts(header)).not.toContain('Mixing & Mastering');
  });
});
