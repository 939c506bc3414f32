import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserType } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../playwright.config';

const require = createRequire(import.meta.url);
// The PDF.js build unpdf ships (no worker needed): the same engine as the browsers' PDF viewers.
const pdfjsPath = path.join(path.dirname(require.resolve('unpdf')), 'pdfjs.mjs');
const ORIGIN = 'http://pdf-render.test';

/**
 * Draws a PDF's first page with PDF.js in Chromium and saves it as a PNG, to look at the document
 * as a reader would (headless Chromium has no PDF viewer of its own). Everything is served from
 * routes of a throw-away browser: nothing reaches the site or the network.
 */
export async function renderPdfPage(playwright: { chromium: BrowserType }, pdf: Buffer, screenshotPath: string) {
  const browser = await playwright.chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage({ viewport: { width: 960, height: 1300 } });
    await page.route(`${ORIGIN}/**`, (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === '/pdfjs.mjs') return route.fulfill({ body: readFileSync(pdfjsPath), contentType: 'text/javascript' });
      if (pathname === '/document.pdf') return route.fulfill({ body: pdf, contentType: 'application/pdf' });
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><body style="margin:0;background:#777"><canvas id="page"></canvas><script type="module">
          import { getDocument } from '/pdfjs.mjs';
          const data = new Uint8Array(await (await fetch('/document.pdf')).arrayBuffer());
          const doc = await getDocument({ data, isEvalSupported: false }).promise;
          const first = await doc.getPage(1);
          const viewport = first.getViewport({ scale: 1.5 });
          const canvas = document.getElementById('page');
          canvas.width = viewport.width;
          canvas.height = viewport.height;
          await first.render({ canvasContext: canvas.getContext('2d'), canvas, viewport }).promise;
          document.body.dataset.rendered = 'true';
        </script></body>`,
      });
    });
    await page.goto(`${ORIGIN}/`);
    await page.locator('body[data-rendered="true"]').waitFor({ timeout: 30_000 });
    await page.locator('#page').screenshot({ path: screenshotPath });
  } finally {
    await browser.close();
  }
}
