import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSiteContent } from '#common/site-content/sections.ts';
import { createAdminTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

/** A section's fields as a version saved before issue 44 had them: without the words moved out of code since. */
function savedBefore() {
  const content = defaultSiteContent();
  const { valuesEyebrow: _e, valuesTitle: _t, values: _v, ctaTitle: _c, ctaText: _x, ...about } = content.about;
  const { serviceArea: _a, reach: _r, ...studio } = content.studio;
  const { samplesPage: _s, ...home } = content.home;
  const { ctaTitle: _sc, ...services } = content.services;
  const { serviceLine: _l, ...hero } = content.hero;
  return { about, studio, home, services, hero };
}

describe.each(testDialects())('the words moved into content read in versions saved before them (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(dialect);
  });
  afterAll(() => t?.close());

  it("takes today's text for the fields a version lacks, and saves the owner's own", async () => {
    for (const [section, data] of Object.entries(savedBefore()))
      await t.services.db
        .insertInto('siteContentVersions')
        .values({
          section,
          version: 1,
          data: JSON.stringify({ ...data, ...(section === 'studio' ? { name: 'Harbor Sound' } : {}) }),
          updatedById: null,
          updatedByName: 'dana',
        })
        .execute();
    const site = (await t.request.get('/api/admin/site')).body;
    expect(site.studio).toMatchObject({
      version: 1,
      name: 'Harbor Sound',
      serviceArea: 'Worldwide digital service',
      reach: 'serving artists worldwide',
    });
    expect(site.about).toMatchObject({ version: 1, valuesTitle: 'What We Stand For', ctaTitle: "Let's Work Together" });
    expect(site.about.values).toHaveLength(3);
    expect(site.home.samplesPage).toEqual(defaultSiteContent().home.samplesPage);
    expect(site.services.ctaTitle).toBe('Ready to Hear the Difference?');
    expect(site.hero.serviceLine).toBe('');

    const about = await t.request.put('/api/admin/site/about').send({ ...site.about, valuesTitle: 'How We Mix', values: [] });
    expect(about.status).toBe(200);
    expect(about.body).toMatchObject({ version: 2, valuesTitle: 'How We Mix', values: [] });
    const refused = await t.request.put('/api/admin/site/services').send({ ...site.services, ctaTitle: '' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(['ctaTitle']);
  });

  it('saves a whole-section PUT written before these fields: each one it lacks keeps its current value', async () => {
    const current = (await t.request.get('/api/admin/site')).body.about;
    const { valuesEyebrow: _e, valuesTitle: _t, values: _v, ctaTitle: _c, ctaText: _x, ...older } = current;
    const saved = await t.request.put('/api/admin/site/about').send({ ...older, founderName: 'Dana Reyes' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ founderName: 'Dana Reyes', valuesTitle: current.valuesTitle, values: current.values });
  });
});
