import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSiteContent } from '#common/site-content/sections.ts';
import { shareCardSvg, wrapWords } from '#server/site-content/share-image.ts';
import { createAdminTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

/** supertest's parser for a binary body: the bytes as one Buffer. */
const binary = (res: NodeJS.ReadableStream, done: (error: null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe.each(testDialects())('share images made from the content (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(dialect);
  });
  afterAll(() => t?.close());

  const get = (path: string) =>
    t.request
      .get(path)
      .buffer(true)
      .parse(binary as never);
  const description = async (png: Buffer) => (await sharp(png).metadata()).exif?.toString('latin1') ?? '';

  it("answers each page's card as a PNG with a strong ETag, revalidated with 304", async () => {
    const res = await get('/og/services-mixing-mastering.png');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers.etag).toMatch(/^"[\w-]{32}"$/);
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    expect(await description(res.body as Buffer)).toContain('ATL Audio Mastering: Mixing & Mastering');
    const again = await t.request.get('/og/services-mixing-mastering.png').set('If-None-Match', res.headers.etag!);
    expect(again.status).toBe(304);
    expect((await t.request.head('/og/home.png')).status).toBe(200);
  });

  it('makes a new card after a rename, and 404s for pages and names that do not exist', async () => {
    const before = await get('/og/home.png');
    const studio = { ...defaultSiteContent().studio, name: 'Decatur Mix House', version: 0 };
    expect((await t.request.put('/api/admin/site/studio').send(studio)).status).toBe(200);
    const after = await get('/og/home.png');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(await description(after.body as Buffer)).toContain('Decatur Mix House');
    for (const path of [
      '/og/nope.png',
      '/og/home.jpg',
      '/og/HOME.png',
      `/og/${'a'.repeat(300)}.png`,
      '/og/home%00.png',
      '/og/__proto__.png',
    ]) {
      expect((await t.request.get(path)).status, path).toBe(404);
    }
    expect((await t.request.post('/og/home.png')).status).toBe(405);
  });
});

describe('the share card', () => {
  it('escapes the studio name and wraps long titles into at most three lines', () => {
    const svg = shareCardSvg({ studioName: '<script>&"x"', title: 'T', place: 'P' });
    expect(svg).toContain('&lt;script&gt;&amp;&quot;x&quot;');
    expect(wrapWords('one two three four five six seven eight nine ten', 10, 3)).toEqual(['one two', 'three four', 'five six…']);
  });
});
