import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANNOUNCEMENT } from '#common/site-content/announcement.ts';
import { pageValidUntil } from '#server/http/public-cache/page-validity.ts';
import { createAdminTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

describe.each(testDialects())('the announcement section on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(dialect);
  });
  afterAll(async () => t.close());

  const put = async (fields: Partial<typeof DEFAULT_ANNOUNCEMENT>) => {
    const { version } = (await t.request.get('/api/admin/site')).body.announcement as { version: number };
    return t.request.put('/api/admin/site/announcement').send({ ...DEFAULT_ANNOUNCEMENT, ...fields, version });
  };

  it('refuses days that do not exist, a last day before the first and a link elsewhere in disguise, saving nothing', async () => {
    const refused = [
      await put({ text: 'Sale', from: '2027-02-30' }),
      await put({ text: 'Sale', from: '2027-01-10', to: '2027-01-09' }),
      await put({ text: 'Sale', link: '//evil.example' }),
      await put({ text: 'x'.repeat(161) }),
      await put({ text: 'Sale\u0000' }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    expect(refused[1]!.body.errors).toHaveProperty('to');
    expect((await t.request.get('/api/admin/site')).body.announcement.version).toBe(0);
  });

  it('saves a week, keeps its history, and a stored page lasts until its first day starts in the studio’s zone', async () => {
    const saved = await put({ text: 'Holiday week', link: '/book', from: '2099-12-20', to: '2099-12-26' });
    expect(saved.status).toBe(200);
    const versions = await t.request.get('/api/admin/site/announcement/versions');
    expect(versions.body).toHaveLength(1);
    // The seeded hours are New York's: midnight there is 05:00 UTC in December.
    expect(await pageValidUntil(t.services)).toBe(Date.parse('2099-12-20T05:00:00Z'));
    expect(await pageValidUntil(t.services, Date.parse('2099-12-21T00:00:00Z'))).toBe(Date.parse('2099-12-27T05:00:00Z'));
    expect(await pageValidUntil(t.services, Date.parse('2099-12-28T00:00:00Z'))).toBeUndefined();
  });
});
