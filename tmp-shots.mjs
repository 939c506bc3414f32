import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4391';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const [, , width = '390', js = 'on', ...paths] = process.argv;
const context = await browser.newContext({ viewport: { width: Number(width), height: 844 }, javaScriptEnabled: js === 'on', timezoneId: 'Asia/Tokyo' });
const page = await context.newPage();
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.text().slice(0, 300)); });
for (const [i, p] of paths.entries()) {
  await page.goto(base + p);
  if (js === 'on') await page.waitForSelector('html[data-hydrated]', { timeout: 10000 }).catch(() => console.log('not hydrated'));
  await page.waitForTimeout(300);
  const file = `/tmp/bp-shots/${width}-${js}-${i}.png`;
  await page.screenshot({ path: file, fullPage: true });
  console.log(file, page.url());
}
await browser.close();
