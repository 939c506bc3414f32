import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSiteContent } from '#common/site-content/sections.ts';
import { imageUrl } from '#common/site-content/format.ts';
import type { ImageRef } from '#common/site-content/image.ts';
import { MAX_IMAGE_BYTES, MAX_SVG_BYTES, MAX_SVG_ELEMENTS } from '#common/site-content/image-upload.ts';
import { createAdminTestApp, createTestApp, type TestApp } from '#server/test-support/app.ts';
import { startTestS3, type TestS3 } from '#server/test-support/s3-server.ts';
import { testDialects } from '#server/test-support/services.ts';
import { pixelBombPng, testImage } from '#server/test-support/test-images.ts';

const BUCKET = 'studio-images';
const stores = ['local', 's3'] as const;
const cases = testDialects().flatMap((dialect) => stores.map((store) => [dialect, store] as const));

describe.each(cases)('owner images on %s with the %s store', (dialect, storeKind) => {
  let s3: TestS3 | undefined;
  let t: TestApp;
  let visitor: TestApp;
  beforeAll(async () => {
    if (storeKind === 's3') s3 = await startTestS3([BUCKET]);
    const env = s3?.env(BUCKET) ?? {};
    // The history and the images name who uploaded them: TEST_ADMIN exists as an account.
    t = await createAdminTestApp(dialect, { env });
    visitor = await createTestApp(dialect, { env });
  });
  afterAll(async () => {
    await visitor?.close();
    await t?.close();
    await s3?.close();
  });

  const upload = (body: Buffer, type = 'image/jpeg') => t.request.post('/api/admin/images').set('Content-Type', type).send(body);
  // Media are public: the admin app serves them as it would to anyone (it shares this store; `visitor` does not).
  const fetchImage = (path: string) => t.request.get(path).buffer(true);

  it('turns a phone photo upright, strips its metadata and serves every width in AVIF, WebP and JPEG', async () => {
    // 700 x 400 as stored, shot turned: it shows 400 wide and 700 high.
    const photo = await testImage({ width: 700, height: 400, format: 'jpeg', orientation: 6, gps: true });
    const res = await upload(photo);
    expect(res.status).toBe(201);
    const image = res.body as ImageRef;
    expect(image).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), alt: '', width: 400, height: 700, widths: [320, 400] });

    for (const width of image.widths) {
      for (const [format, type] of [
        ['avif', 'image/avif'],
        ['webp', 'image/webp'],
        ['jpeg', 'image/jpeg'],
      ] as const) {
        const served = await fetchImage(imageUrl(image.id, width, format));
        expect(served.status).toBe(200);
        expect(served.headers['content-type']).toBe(type);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.headers.etag).toBeTruthy();
        const metadata = await sharp(served.body as Buffer).metadata();
        // Upright: taller than wide, as the photo was shot.
        expect({ width: metadata.width, height: metadata.height }).toEqual({ width, height: Math.round((width * 700) / 400) });
        expect(metadata.exif).toBeUndefined();
        expect(metadata.orientation).toBeUndefined();
      }
    }
  });

  it('answers HEAD and a matching ETag without the bytes, and 404 for anything it did not make', async () => {
    const res = await upload(await testImage({ width: 500, height: 300, format: 'png', alpha: true }), 'image/png');
    expect(res.status).toBe(201);
    const { id } = res.body as ImageRef;
    expect(res.body.widths).toEqual([320, 500]);

    const head = await t.request.head(`/media/images/${id}/320.webp`);
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    const again = await t.request.get(`/media/images/${id}/320.webp`).set('If-None-Match', head.headers.etag as string);
    expect(again.status).toBe(304);

    for (const path of [
      `/media/images/${id}/640.webp`,
      `/media/images/${id}/320.png`,
      `/media/images/${id}/original`,
      `/media/images/${id}/320.jpeg`,
      `/media/images/${id.toUpperCase()}/320.webp`,
      `/media/images/00000000-0000-4000-8000-000000000000/320.webp`,
      '/media/images/..%2F..%2Fsessions/320.webp',
    ]) {
      expect((await t.request.get(path)).status, path).toBe(404);
    }
    expect((await t.request.post(`/media/images/${id}/320.webp`)).status).toBe(405);
  });

  it('refuses an SVG too large to parse (413) and a compressed one (415) before they are read, whatever their declared type', async () => {
    const open = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">';
    const crowded = await upload(Buffer.from(`${open}${'<rect width="1" height="1"/>'.repeat(MAX_SVG_ELEMENTS)}</svg>`), 'image/png');
    expect(crowded.status).toBe(413);
    expect(crowded.body.message).toBe('An SVG can hold at most 10,000 elements; simplify the drawing or upload a PNG');
    const heavy = await upload(Buffer.from(`${open}<!--${'x'.repeat(MAX_SVG_BYTES)}--></svg>`), 'image/svg+xml');
    expect(heavy.status).toBe(413);
    expect(heavy.body.message).toBe('An SVG can be at most 1 MB; simplify the drawing or upload a PNG');
    const compressed = await upload(gzipSync(Buffer.from(`${open}<script>alert(1)</script></svg>`)), 'image/svg+xml');
    expect(compressed.status).toBe(415);
    expect(compressed.body.message).toMatch(/^Only JPEG, PNG, WebP, AVIF and SVG images can be uploaded; this file is COMPRESSED/);
    // Within both limits, a drawing of many shapes is taken.
    expect((await upload(Buffer.from(`${open}${'<rect width="1" height="1"/>'.repeat(2_000)}</svg>`), 'image/svg+xml')).status).toBe(201);
  });

  it('judges a file by its bytes: text declared as PNG, an SVG with a script, GIF and undeclared types are refused', async () => {
    const text = await upload(Buffer.from('this is not an image, whatever the header says'), 'image/png');
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('This file is not an image that can be read');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const scripted = await upload(svg, 'image/png');
    expect(scripted.status).toBe(400);
    expect(scripted.body.message).toBe('This SVG cannot be used: it holds a script. Export it again as a plain drawing, or upload a PNG');
    const gif = await upload(await testImage({ width: 20, height: 20, format: 'gif' }), 'image/png');
    expect(gif.status).toBe(415);
    expect(gif.body.message).toMatch(/Only JPEG, PNG, WebP, AVIF and SVG images/);
    expect((await upload(Buffer.from('hello'), 'text/plain')).status).toBe(415);
    expect((await t.request.post('/api/admin/images').send({ image: 'data:image/png;base64,AAAA' })).status).toBe(415);
    expect((await upload(Buffer.alloc(0), 'image/png')).status).toBe(400);
    // A real WebP declared as JPEG is still a supported image: it is taken for what it is.
    expect((await upload(await testImage({ width: 40, height: 30, format: 'webp' }), 'image/jpeg')).status).toBe(201);
  });

  it('refuses a decompression bomb and a body over the size limit without storing anything', async () => {
    const before = await t.services.db.selectFrom('siteImages').select('id').execute();
    const bomb = await upload(await pixelBombPng(10_000, 10_000), 'image/png');
    expect(bomb.status).toBe(400);
    expect(bomb.body.message).toMatch(/more than 60 megapixels/);
    // Few pixels, but wider than any ImageRef may say: refused too.
    expect((await upload(await pixelBombPng(30_000, 2), 'image/png')).status).toBe(400);
    const huge = await upload(Buffer.alloc(MAX_IMAGE_BYTES + 1024), 'image/jpeg');
    expect(huge.status).toBe(413);
    expect(await t.services.db.selectFrom('siteImages').select('id').execute()).toEqual(before);
  });

  it('refuses a PNG cut in half with a field message (400, not 500) and stores nothing', async () => {
    const before = await t.services.db.selectFrom('siteImages').select('id').execute();
    const whole = await testImage({ width: 600, height: 400, format: 'png' });
    // The header is whole (its size reads), the pixels stop half-way: an upload that broke off, saved anyway.
    const cut = await upload(whole.subarray(0, Math.floor(whole.length / 2)), 'image/png');
    expect(cut.status).toBe(400);
    expect(cut.body).toEqual({
      message: 'This image is damaged or incomplete',
      errors: { file: ['This image is damaged or incomplete: export or save it again, then upload the new file'] },
    });
    expect(await t.services.db.selectFrom('siteImages').select('id').execute()).toEqual(before);
  });

  it('lets the content name only stored images, with the sizes the server made', async () => {
    const res = await upload(await testImage({ width: 360, height: 240, format: 'jpeg' }));
    const stored = res.body as ImageRef;
    const hero = defaultSiteContent().hero;
    const saved = await t.request
      .put('/api/admin/site/hero')
      .send({ ...hero, image: { ...stored, alt: 'The console', width: 9, height: 9, widths: [9999] }, version: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body.image).toEqual({ ...stored, alt: 'The console' });

    const about = defaultSiteContent().about;
    const missing = { id: '00000000-0000-4000-8000-000000000000', alt: '', width: 10, height: 10, widths: [10] };
    const refused = await t.request.put('/api/admin/site/about').send({ ...about, photo: missing, version: 0 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ photo: [expect.stringMatching(/not found/)] });
    expect((await t.request.get('/api/admin/site/about/versions')).body).toEqual([]);
  });

  it('needs an admin session to upload', async () => {
    const res = await visitor.request.post('/api/admin/images').set('Content-Type', 'image/png').send(Buffer.from('x'));
    expect(res.status).toBe(401);
  });
});
