// `npm run screenshots`: full-page PNGs of every public page at 390 px and 1440 px, for review.
// Usage: npm run screenshots -- [output folder, default /tmp/shots]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../playwright.config.ts';
import { PUBLIC_PAGES } from '#app/content/navigation.ts';
import { ensureBuild, startServer } from './bench-support.ts';

const outDir = path.resolve(process.argv[2] ?? '/tmp/shots');
mkdirSync(outDir, { recursive: true });
ensureBuild();
const server = await startServer();
const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  for (const width of [390, 1440]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    for (const pagePath of [...PUBLIC_PAGES, '/services/sound-design', '/manage']) {
      await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle' });
      await page.evaluate(() => document.fonts.ready);
      const name = pagePath === '/' ? 'home' : pagePath.slice(1).replaceAll('/', '_');
      await page.screenshot({ path: path.join(outDir, `${name}-${width}.png`), fullPage: true });
    }
    await page.close();
  }
  console.log(`screenshots in ${outDir}`);
} finally {
  await browser.close();
  await server.stop();
}
