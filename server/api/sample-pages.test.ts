import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_PER_PAGE, type SamplesPage } from '#common/sample-pages.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

const TOTAL = 2 * SAMPLES_PER_PAGE + 5;

describe.each(testDialects())('the public sample list a page at a time on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (let i = 0; i < TOTAL; i += 1) {
      const created = await t.services.samples.catalogue.create({ title: `Song ${i}`, audioUrl: 'https://cdn.example.com/a.mp3' });
      if (created.kind !== 'saved') throw new Error(created.kind);
    }
  });
  afterAll(() => t.close());

  const pageOf = async (page: number | string) => {
    const res = await t.request.get(`/api/samples/page/${page}`);
    return { res, body: res.body as SamplesPage };
  };

  it('gives each page its samples in the site order, with the count of pages, and the same order as the whole list', async () => {
    const whole = ((await t.request.get('/api/samples')).body as Array<{ id: number }>).map((s) => s.id);
    const pages = await Promise.all([1, 2, 3].map(pageOf));
    expect(pages.map(({ body }) => body.samples.length)).toEqual([SAMPLES_PER_PAGE, SAMPLES_PER_PAGE, 5]);
    expect(pages.map(({ body }) => [body.page, body.pageCount, body.total])).toEqual([
      [1, 3, TOTAL],
      [2, 3, TOTAL],
      [3, 3, TOTAL],
    ]);
    expect(pages.flatMap(({ body }) => body.samples.map((s) => s.id))).toEqual(whole);
  });

  it('answers 404 for a page past the last or an address that is no page number', async () => {
    for (const page of [4, 0, '01', 'two', '1e3', '9999999']) {
      const { res } = await pageOf(page);
      expect(res.status, String(page)).toBe(404);
      expect(res.body).toEqual({ message: 'No such page of samples' });
    }
  });

  it('is shared from the cache, and a deleted sample leaves every page before the change answers', async () => {
    await pageOf(3);
    const again = await pageOf(3);
    expect(again.res.headers['x-page-cache']).toBe('hit');
    const lastPage = (await pageOf(3)).body.samples.map((s) => s.id);
    const gone = lastPage[0]!;
    expect(await t.services.samples.catalogue.delete(gone)).toBe(true);
    await t.services.invalidation.publish();
    const after = await pageOf(3);
    expect(after.body.samples.map((s) => s.id)).not.toContain(gone);
    expect(after.body.total).toBe(TOTAL - 1);
  });
});
