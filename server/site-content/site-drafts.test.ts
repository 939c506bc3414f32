import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSiteContent } from '#common/site-content/sections.ts';
import { captureLogs, createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';

const editor = { id: 1, username: 'owner' };

describe.each(testDialects())('the preview of drafts on %s', (dialect) => {
  let services: TestServices;
  let logs: ReturnType<typeof captureLogs>;
  beforeEach(async () => {
    logs = captureLogs();
    services = await createTestServices(dialect, { logger: logs.logger });
    await services.db.insertInto('adminUsers').values({ id: 1, username: 'owner', email: 'owner@example.com', password: 'x' }).execute();
  });
  afterEach(() => services.cleanup());

  it('lays every draft over the published content in current() only; read() (admin, sitemap) stays published', async () => {
    const { siteDrafts, siteContent } = services.site;
    await siteDrafts.save('hero', { ...defaultSiteContent().hero, headline: 'Drafted', version: 0 }, editor);
    await siteDrafts.save(
      'studio',
      { ...defaultSiteContent().studio, location: { ...defaultSiteContent().studio.location, city: 'Decatur' }, version: 0 },
      editor,
    );
    const preview = siteDrafts.previewOf(siteContent);
    const shown = await preview.current();
    expect(shown.hero.headline).toBe('Drafted');
    expect(shown.studio.location.city).toBe('Decatur');
    expect(shown.faq).toEqual(defaultSiteContent().faq);
    expect((await preview.read()).hero.headline).toBe(defaultSiteContent().hero.headline);
    expect((await siteContent.current()).hero.headline).toBe(defaultSiteContent().hero.headline);
  });

  it('leaves out a stored draft that no longer fits the schema, and says so in the log', async () => {
    await services.db
      .insertInto('siteContentDrafts')
      .values({ section: 'hero', basedOnVersion: 0, data: JSON.stringify({ headline: 42 }), updatedById: 1, updatedByName: 'owner' })
      .execute();
    expect((await services.site.siteDrafts.previewOf(services.site.siteContent).current()).hero).toEqual(defaultSiteContent().hero);
    expect(await services.site.siteDrafts.get('hero')).toBeNull();
    expect(logs.text()).toContain('no longer matches its schema');
  });
});
