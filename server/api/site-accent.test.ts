import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '#common/site-content/defaults.ts';
import { createAdminTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

describe.each(testDialects())('the accent colour against every pair it is painted in (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('reads a saved accent the check now refuses as the shipped one, keeping the version, and refuses it on save', async () => {
    // Saved under the old check (4.6:1 against the plain surfaces), which axe flags on the badges.
    await t.services.db
      .insertInto('siteContentVersions')
      .values({ section: 'brand', version: 1, data: JSON.stringify({ accentColor: '#3b82f6' }), updatedById: null, updatedByName: 'dana' })
      .execute();
    const read = (await t.request.get('/api/admin/site')).body.brand;
    expect(read).toMatchObject({ version: 1, accentColor: DEFAULT_BRAND.accentColor, logo: null });

    const refused = await t.request.put('/api/admin/site/brand').send({ ...read, accentColor: '#3b82f6' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.accentColor).toEqual([expect.stringMatching(/badges and callouts on raised cards would be 3\.98:1/)]);
    expect((await t.request.get('/api/admin/site')).body.brand.version).toBe(1);

    const saved = await t.request.put('/api/admin/site/brand').send({ ...read, accentColor: '#60a5fa' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: 2, accentColor: '#60a5fa' });
  });
});
