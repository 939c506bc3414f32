import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand } from '#common/site-content/brand.ts';
import type { ImageRef } from '#common/site-content/image.ts';
import { faviconUrl } from '#common/site-content/favicon.ts';
import { readIcoDirectory } from '#server/site-content/ico.ts';
import { createAdminTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import { binaryBody } from '#server/test-support/binary-body.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const BUILT_IN_ICONS = ['favicon.ico', 'apple-touch-icon.png', 'icon-192.png', 'icon-512.png'];

/** A flat square (or oblong) of one colour, as a PNG. */
const flat = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();

/** The colour in the middle of a picture, as `#rrggbb`. */
async function middleColour(image: Buffer): Promise<string> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * 3;
  return `#${[...data.subarray(at, at + 3)].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The production page handler on a stand-in build whose client folder holds the built-in icons
 * from public/, as `npm run build` copies them: the owner's favicon must win over those files.
 */
function standInBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'brand-build-'));
  symlinkSync(path.join(repoRoot, 'server', 'test-support', 'page-build', 'server'), path.join(dir, 'server'), 'dir');
  mkdirSync(path.join(dir, 'client'));
  for (const file of BUILT_IN_ICONS) cpSync(path.join(repoRoot, 'public', file), path.join(dir, 'client', file));
  return dir;
}

describe.each(testDialects())('logo and favicon uploads (%s)', (dialect) => {
  let t: TestApp;
  let buildDir: string;
  beforeAll(async () => {
    buildDir = standInBuild();
    t = await createAdminTestApp(dialect, { pages: { kind: 'production', buildDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  const get = (url: string) =>
    t.request
      .get(url)
      .buffer(true)
      .parse(binaryBody as never);
  const upload = async (body: Buffer, type = 'image/png') => {
    const res = await t.request.post('/api/admin/images').set('Content-Type', type).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as ImageRef;
  };
  let version = 0;
  const brand = async () => (await t.services.site.siteContent.current()).brand;
  const putBrand = async (changes: Partial<Brand>) => {
    const res = await t.request.put('/api/admin/site/brand').send({ ...(await brand()), ...changes, version });
    if (res.status === 200) version = res.body.version as number;
    return res;
  };
  it('makes the whole favicon set from one square image and serves it at the names browsers ask for', async () => {
    const builtIn = await get('/favicon.ico');
    expect(builtIn.status).toBe(200);
    expect((builtIn.body as Buffer).equals(readFileSync(path.join(repoRoot, 'public', 'favicon.ico')))).toBe(true);

    const favicon = await upload(await flat(600, 600, '#e02020'));
    expect((await putBrand({ favicon })).status).toBe(200);

    const ico = await get('/favicon.ico');
    expect(ico.status).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    expect(ico.headers['x-content-type-options']).toBe('nosniff');
    const images = readIcoDirectory(ico.body as Buffer);
    expect(images.map(({ width, height }) => [width, height])).toEqual([
      [16, 16],
      [32, 32],
      [48, 48],
    ]);
    for (const image of images) {
      const meta = await sharp(image.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', image.width, image.height]);
      expect(await middleColour(image.data)).toBe('#e02020');
    }
    // Revalidated with its strong tag; a browser holding it gets a 304.
    expect(ico.headers.etag).toMatch(new RegExp(`^"${favicon.id}-`));
    expect((await t.request.get('/favicon.ico').set('If-None-Match', ico.headers.etag!)).status).toBe(304);

    // The manifest's icons (the pages and app/features/marketing/web-manifest.ts link these URLs).
    const icons = [
      { file: 'icon-32.png', sizes: '32x32', purpose: 'any' },
      { file: 'icon-192.png', sizes: '192x192', purpose: 'any' },
      { file: 'icon-512.png', sizes: '512x512', purpose: 'any' },
      { file: 'icon-maskable-192.png', sizes: '192x192', purpose: 'maskable' },
      { file: 'icon-maskable-512.png', sizes: '512x512', purpose: 'maskable' },
    ] as const;
    for (const icon of icons) {
      const res = await get(faviconUrl(favicon.id, icon.file));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.body as Buffer).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      expect(meta.format).toBe('png');
      // A maskable icon keeps the mark in its middle and fills its edge with the page colour.
      if (icon.purpose === 'maskable') expect(await middleColour(res.body as Buffer)).toBe('#e02020');
    }
    const touch = await get('/apple-touch-icon.png');
    expect((await sharp(touch.body as Buffer).metadata()).width).toBe(180);
    expect(await middleColour(touch.body as Buffer)).toBe('#e02020');
  });

  it('refuses a favicon that is not square, or too small, and changes nothing', async () => {
    const before = await brand();
    const icoBefore = (await get('/favicon.ico')).body as Buffer;
    for (const [width, height, message] of [
      [800, 600, 'The favicon must be square: this image is 800 × 600 px. Crop it to a square and upload it again.'],
      [256, 256, 'The favicon must be at least 512 × 512 px: this image is 256 × 256 px.'],
    ] as const) {
      const image = await upload(await flat(width, height, '#2080e0'));
      const res = await putBrand({ favicon: image });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ favicon: [message] });
      // The sizes the editor sends are not believed: the stored ones are checked.
      const lying = await putBrand({ favicon: { ...image, width: 600, height: 600 } });
      expect(lying.status).toBe(400);
      expect(lying.body.errors).toEqual({ favicon: [message] });
    }
    expect(await brand()).toEqual(before);
    expect(((await get('/favicon.ico')).body as Buffer).equals(icoBefore)).toBe(true);
  });

  it('takes an SVG logo as pixels and draws it on the share cards', async () => {
    const cardBefore = await get('/og/home.png');

    // A wide SVG wordmark: checked, drawn into pixels, served only as those.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><rect width="300" height="100" rx="12" fill="#20c060"/></svg>',
    );
    const logo = await upload(svg, 'image/svg+xml');
    expect(logo).toMatchObject({ width: 1024, height: 341 });
    expect((await putBrand({ logo })).status).toBe(200);

    const rendition = await get(`/media/images/${logo.id}/320.webp`);
    expect(rendition.headers['content-type']).toBe('image/webp');

    const cardAfter = await get('/og/home.png');
    expect(cardAfter.headers.etag).not.toBe(cardBefore.headers.etag);
    // The logo sits in the top right corner of the card.
    const { data, info } = await sharp(cardAfter.body as Buffer)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (110 * info.width + 1200 - 80 - 100) * 3;
    const [red, green, blue] = [...data.subarray(at, at + 3)];
    // The logo travels as a WebP rendition: within a few steps of its own green.
    for (const [got, wanted] of [
      [red, 0x20],
      [green, 0xc0],
      [blue, 0x60],
    ]) {
      expect(Math.abs(got! - wanted!)).toBeLessThan(6);
    }
  });

  it('refuses an SVG with a script, and falls back to the built-in card and icons when both are removed', async () => {
    const scripted = await t.request
      .post('/api/admin/images')
      .set('Content-Type', 'image/svg+xml')
      .send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><script>alert(1)</script></svg>'));
    expect(scripted.status).toBe(400);
    expect(scripted.body.message).toMatch(/^This SVG cannot be used: it holds a script/);

    const card = await get('/og/home.png');
    expect((await putBrand({ logo: null, favicon: null })).status).toBe(200);
    expect((await get('/og/home.png')).headers.etag).not.toBe(card.headers.etag);
    for (const file of BUILT_IN_ICONS) {
      const res = await get(`/${file}`);
      expect(res.status, file).toBe(200);
      expect((res.body as Buffer).equals(readFileSync(path.join(repoRoot, 'public', file))), file).toBe(true);
    }
    // Only made icons are served: an image never saved as the favicon has none.
    const never = await upload(await flat(600, 600, '#808080'));
    expect((await get(faviconUrl(never.id, 'favicon.ico'))).status).toBe(404);
    expect((await get(`/media/icons/${never.id}/original`)).status).toBe(404);
  });
});
