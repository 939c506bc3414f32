import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultSiteContent } from '#common/site-content/sections.ts';
import { createAdminTestApp, createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

describe.each(testDialects())('site content history: what changed, and back to the original (%s)', (dialect) => {
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

  const studio = () => defaultSiteContent().studio;
  const put = (version: number, changes: object) => t.request.put('/api/admin/site/studio').send({ ...studio(), ...changes, version });

  it('says in words what each version changed, the first one against the shipped text', async () => {
    expect((await put(0, { name: 'Peachtree Sound' })).status).toBe(200);
    const hours = { ...studio().hours, days: studio().hours.days.map((day, index) => (index === 0 ? { ...day, opens: '10:00' } : day)) };
    expect((await put(1, { name: 'Peachtree Sound', hours })).status).toBe(200);

    const first = await t.request.get('/api/admin/site/studio/versions/1/diff');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      version: 1,
      from: 0,
      changes: [{ path: 'name', where: 'Name', kind: 'changed', before: '“ATL Audio Mastering”', after: '“Peachtree Sound”' }],
    });
    const second = await t.request.get('/api/admin/site/studio/versions/2/diff');
    expect(second.body).toMatchObject({
      from: 1,
      changes: [{ path: 'hours.days.0.opens', where: 'Opening hours › Days › Monday › Opens', before: '9:00 AM', after: '10:00 AM' }],
    });
  });

  it('restores the original text as a new version, which the pages read at once', async () => {
    await put(0, { name: 'Peachtree Sound', experienceYears: 3 });
    const restored = await t.request.post('/api/admin/site/studio/restore-original');
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ name: studio().name, experienceYears: studio().experienceYears, version: 2 });
    expect((await t.services.site.siteContent.current()).studio.name).toBe(studio().name);
    const diff = await t.request.get('/api/admin/site/studio/versions/2/diff');
    expect(diff.body.changes.map((change: { path: string }) => change.path)).toEqual(['name', 'experienceYears']);
  });

  it('takes a readable accent colour and refuses one the dark pages could not carry', async () => {
    const dark = await t.request.put('/api/admin/site/brand').send({ accentColor: '#1d4ed8', version: 0 });
    expect(dark.status).toBe(400);
    expect(Object.keys(dark.body.errors)).toEqual(['accentColor']);
    const green = await t.request.put('/api/admin/site/brand').send({ accentColor: '#4ADE80', version: 0 });
    expect(green.body).toMatchObject({ accentColor: '#4ade80', version: 1 });
  });

  it('answers 404 for versions that do not exist or are not numbers, 405 for other methods, 401 for visitors', async () => {
    await put(0, { name: 'Peachtree Sound' });
    for (const version of ['2', '0', String(2 ** 31), '99999999999999999999', 'abc', '1%00', '-1', 'x'.repeat(5000)]) {
      expect((await t.request.get(`/api/admin/site/studio/versions/${version}/diff`)).status, version.slice(0, 20)).toBe(404);
    }
    expect((await t.request.get('/api/admin/site/nope/versions/1/diff')).status).toBe(404);
    expect((await t.request.post('/api/admin/site/nope/restore-original')).status).toBe(404);
    expect((await t.request.get('/api/admin/site/studio/restore-original')).status).toBe(405);
    expect((await visitor.request.post('/api/admin/site/studio/restore-original')).status).toBe(401);
    expect((await visitor.request.get('/api/admin/site/studio/versions/1/diff')).status).toBe(401);
    expect((await t.request.get('/api/admin/site')).body.studio.name).toBe('Peachtree Sound');
  });
});
