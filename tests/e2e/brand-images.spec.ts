import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { openDashboard, openSection, restoreOriginalContent, toast } from './site-editor-support';
import { expectNoSeriousA11yViolations } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** Every spec shares one e2e server: the brand goes back to the defaults (no logo, no favicon). */
test.afterAll(({ playwright, baseURL }) => restoreOriginalContent({ playwright, baseURL }, ['brand']));

async function openBrand(page: Page) {
  await openDashboard(page);
  await openSection(page, 'Brand');
}

test('a logo and a favicon reach the header, the icons and the manifest; removing them brings the built-in ones back', async ({
  page,
  request,
}) => {
  await openBrand(page);
  const wordmark = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><rect width="300" height="100" rx="16" fill="#3dd5f5"/>' +
      '<circle cx="50" cy="50" r="30" fill="#0b0b10"/></svg>',
  );
  await page
    .getByLabel('Logo: choose an image file', { exact: true })
    .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: wordmark });
  await expect(toast(page)).toContainText('Uploaded');
  await expect(page.getByRole('img', { name: 'Preview: ATL Audio Mastering' })).toBeVisible();
  await expect(page.getByText('In the header: 120 × 40 px.')).toBeVisible();

  // A photo is not a favicon: refused before it replaces anything.
  const oblong = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Favicon: choose an image file', { exact: true })
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: oblong });
  await expect(toast(page)).toContainText('The favicon must be square: this image is 800 × 600 px.');
  await expect(page.getByText('Browsers show the built-in waveform icon.')).toBeVisible();

  const square = await sharp({ create: { width: 600, height: 600, channels: 4, background: '#3dd5f5' } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Favicon: choose an image file', { exact: true })
    .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: square });
  await expect(page.getByRole('img', { name: 'Preview at 16 pixels, in a browser tab' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview at 32 pixels' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/brand-${width}.png`, fullPage: true });
    }
  }
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page)).toContainText('Brand saved');

  // The public home page, as a visitor gets it.
  const visitor = await page.context().browser()!.newContext();
  const home = await visitor.newPage();
  for (const width of [390, 1440]) {
    await home.setViewportSize({ width, height: 844 });
    await home.goto('/');
    const logo = home.getByRole('banner').getByRole('img', { name: 'ATL Audio Mastering', exact: true });
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((image: HTMLImageElement) => [image.naturalWidth > 0, image.width, image.height])).toEqual([true, 120, 40]);
    if (SHOTS) await home.screenshot({ path: `${SHOTS}/home-logo-${width}.png` });
  }
  const icon = await home.locator('link[rel="icon"]').first().getAttribute('href');
  expect(icon).toMatch(/^\/media\/icons\/[0-9a-f-]{36}\/favicon\.ico$/);
  await visitor.close();

  // The name every browser asks for answers the owner's icon, not the built-in file.
  const ico = await request.get('/favicon.ico');
  expect(ico.headers()['content-type']).toBe('image/x-icon');
  expect(ico.headers()['etag']).toContain(icon!.split('/')[3]);
  const manifest = (await (await request.get('/site.webmanifest')).json()) as { icons: { src: string; sizes: string }[] };
  expect(manifest.icons.map((entry) => entry.sizes)).toEqual(['192x192', '512x512', '192x192', '512x512']);
  for (const entry of manifest.icons) {
    const res = await request.get(entry.src);
    expect(res.headers()['content-type']).toBe('image/png');
    const { width, height } = await sharp(await res.body()).metadata();
    expect(`${width}x${height}`).toBe(entry.sizes);
  }

  // Removed: the built-in mark and icons are back.
  await page.getByRole('button', { name: 'Remove logo' }).click();
  await page.getByRole('button', { name: 'Remove favicon' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page)).toContainText('Brand saved');
  const after = await request.get('/');
  const html = await after.text();
  expect(html).toContain('href="/favicon.svg"');
  expect(html).not.toContain('/media/icons/');
  expect((await request.get('/site.webmanifest')).ok()).toBe(true);
  expect(((await (await request.get('/site.webmanifest')).json()) as { icons: { src: string }[] }).icons[0]!.src).toBe('/icon-192.png');
});
