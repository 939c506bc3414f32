import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SERVICES } from '#common/site-content/default-services.ts';
import type { Service, Services } from '#common/site-content/services.ts';
import { createAdminTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

/** The service the owner adds in the brief's example: its own price, one package, a page of its own. */
const STEM_MASTERING: Omit<Service, 'id' | 'formerSlugs'> = {
  slug: 'stem-mastering',
  name: 'Stem Mastering',
  summary: 'Your mix delivered as stems, each mastered to fit together.',
  priceFrom: 180,
  icon: 'layers',
  visible: true,
  points: ['Up to 8 stems'],
  keywords: ['stem mastering'],
  page: {
    intro: 'Stems mastered together in {{studio.city}}.',
    sections: [{ eyebrow: '', title: 'How it works', body: 'Send **stems**.', items: [], itemsAs: 'grid' }],
    packages: ['premium'],
    packagesTitle: 'Packages',
    cta: { title: 'Send your stems', text: 'We reply soon.', button: 'Get Started' },
  },
};

describe.each(testDialects())('the services section on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.services.db.deleteFrom('siteContentVersions').execute();
    // Rows removed behind the service's back: its copy in memory must go too.
    await t.services.invalidation.publish();
  });

  const current = async () => (await t.request.get('/api/admin/site')).body.services as Services & { version: number };
  const put = async (change: (services: Services) => void) => {
    const services = await current();
    change(services);
    return t.request.put('/api/admin/site/services').send(services);
  };

  it('is a section of the site: read with the others, the defaults at version 0', async () => {
    const services = await current();
    expect(services.version).toBe(0);
    expect(services.services.map((service) => service.slug)).toEqual(['mixing-mastering', 'vocal-production']);
  });

  it('adds a service with a page, given an id by the server', async () => {
    const res = await put((services) => services.services.push(STEM_MASTERING as Service));
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(1);
    expect(res.body.services[2]).toMatchObject({ slug: 'stem-mastering', formerSlugs: [], id: expect.stringMatching(/^s-/) });
    expect((await current()).services[2]!.page.intro).toBe(STEM_MASTERING.page.intro);
  });

  it('refuses bad input by field path and keeps what was saved', async () => {
    const cases: Array<[(services: Services) => void, string]> = [
      [(services) => (services.services[0]!.slug = 'Stem Mastering'), 'services.0.slug'],
      [(services) => (services.services[1]!.slug = 'mixing-mastering'), 'services.1.slug'],
      [(services) => (services.services[0]!.page.packages = ['intro', 'platinum']), 'services.0.page.packages.1'],
      [(services) => ((services.services[0] as { icon: string }).icon = 'skull'), 'services.0.icon'],
      [(services) => (services.services[1]!.name = ''), 'services.1.name'],
      [(services) => (services.services[1]!.page.sections[0]!.title = 'a\u0000b'), 'services.1.page.sections.0.title'],
      [
        (services) =>
          (services.services = Array.from({ length: 13 }, (_, i) => ({ ...services.services[1]!, id: `x${i}`, slug: `s${i}` }))),
        'services',
      ],
    ];
    for (const [change, field] of cases) {
      const res = await put(change);
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.errors), field).toContain(field);
    }
    expect((await current()).version).toBe(0);
  });

  it('keeps the old address of a renamed service, so the pages can forward it, and says so in the history', async () => {
    expect((await put((services) => (services.services[1]!.slug = 'vocals'))).status).toBe(200);
    const renamed = (await put((services) => (services.services[1]!.slug = 'vocal-tuning'))).body as Services;
    expect(renamed.services[1]).toMatchObject({ slug: 'vocal-tuning', formerSlugs: ['vocal-production', 'vocals'] });
    // What the owner sends as former addresses does not undo a rename.
    const again = await put((services) => (services.services[1]!.formerSlugs = []));
    expect(again.body.services[1].formerSlugs).toEqual(['vocal-production', 'vocals']);
    const diff = await t.request.get('/api/admin/site/services/versions/2/diff');
    expect(diff.body.changes).toContainEqual(
      expect.objectContaining({ where: 'Services › Service 2 (Vocal Production) › Address', before: '“vocals”', after: '“vocal-tuning”' }),
    );

    // Restoring the original takes the first address back; the later ones forward to it.
    const restored = await t.request.post('/api/admin/site/services/restore-original');
    expect(restored.body.services[1]).toMatchObject({ slug: 'vocal-production', formerSlugs: ['vocals', 'vocal-tuning'] });
    expect(restored.body.services[0]).toEqual(DEFAULT_SERVICES.services[0]);
  });

  it('answers a save from an old version with 409 and the current section', async () => {
    const stale = await current();
    expect((await put((services) => (services.intro = 'First tab'))).status).toBe(200);
    const res = await t.request.put('/api/admin/site/services').send({ ...stale, intro: 'Second tab' });
    expect(res.status).toBe(409);
    expect(res.body.current.intro).toBe('First tab');
  });

  it('shows the vocal production price saved with the packages before services were content, until the services are saved', async () => {
    const packages = (await t.request.get('/api/admin/site')).body.packages;
    expect((await t.request.put('/api/admin/site/packages').send({ ...packages, vocalProductionFrom: 120 })).status).toBe(200);
    const services = await current();
    expect(services.version).toBe(0);
    expect(services.services[1]).toMatchObject({ slug: 'vocal-production', priceFrom: 120 });
    expect((await t.services.site.siteContent.current()).services.services[1]!.priceFrom).toBe(120);
    // Saved once, the services hold their own price.
    expect((await put((next) => (next.services[1]!.priceFrom = 110))).status).toBe(200);
    expect((await current()).services[1]!.priceFrom).toBe(110);
  });
});
