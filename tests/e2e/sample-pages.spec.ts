import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { SAMPLES_PER_PAGE } from '../../common/sample-pages';
import { expectNoSeriousA11yViolations } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

interface ListedSample {
  id: number;
  title: string;
  audioUrl: string;
}

/** Enough samples of this spec's own, after the seeded ones, for a second page of exactly two. */
const MINE = (seeded: number) => Array.from({ length: SAMPLES_PER_PAGE + 2 - seeded }, (_, i) => `E2E Page Filler ${i + 1}`);

async function adminApi(playwright: { request: { newContext(options: object): Promise<APIRequestContext> } }, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const login = await api.post('/api/admin/login', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
  expect(login.ok()).toBe(true);
  return api;
}

test.describe('the portfolio a page at a time', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let titles: string[] = [];

  test.beforeAll(async ({ playwright, baseURL }) => {
    const api = await adminApi(playwright, baseURL!);
    const existing = (await (await api.get('/api/samples')).json()) as ListedSample[];
    titles = MINE(existing.length);
    const created: number[] = [];
    for (const title of titles) {
      const res = await api.post('/api/samples', { data: { title, artist: 'E2E', audioUrl: existing[0]!.audioUrl } });
      expect(res.status()).toBe(201);
      created.push(((await res.json()) as ListedSample).id);
    }
    // After the seeded samples, in the order made: the seeded ones stay on the first page for the other journeys.
    const sampleOrders = created.map((id, i) => ({ id, displayOrder: 1000 + i }));
    expect((await api.put('/api/samples/reorder', { data: { sampleOrders } })).ok()).toBe(true);
    await api.dispose();
  });

  test.afterAll(async ({ playwright, baseURL }) => {
    const api = await adminApi(playwright, baseURL!);
    for (const sample of (await (await api.get('/api/samples')).json()) as ListedSample[]) {
      if (!titles.includes(sample.title)) continue;
      expect((await api.delete(`/api/samples/${sample.id}`)).status()).toBe(204);
    }
    await api.dispose();
  });

  test('without JavaScript, /samples holds the first page and links to the next; the last page links back', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto('/samples');
      const cards = page.getByRole('main').getByRole('article');
      await expect(cards).toHaveCount(SAMPLES_PER_PAGE);
      const pages = page.getByRole('navigation', { name: 'Sample pages' });
      await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
      await expect(pages.getByRole('link', { name: 'Previous' })).toHaveCount(0);

      await pages.getByRole('link', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/samples\/page\/2$/);
      await expect(page).toHaveTitle(/Samples, page 2/);
      await expect(cards).toHaveCount(2);
      for (const title of titles.slice(-2)) await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(pages.getByRole('link', { name: 'Next' })).toHaveCount(0);

      await pages.getByRole('link', { name: 'Previous' }).click();
      await expect(page).toHaveURL(/\/samples$/);
    } finally {
      await context.close();
    }
  });

  test('both pages pass axe at a phone\u2019s width and a desktop\u2019s', async ({ page }) => {
    for (const [path, name] of [
      ['/samples', 'first'],
      ['/samples/page/2', 'last'],
    ] as const) {
      await page.goto(path);
      const pages = page.getByRole('navigation', { name: 'Sample pages' });
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoSeriousA11yViolations(page);
        if (!SHOTS) continue;
        await pages.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/sample-pages-${name}-${width}.png` });
      }
    }
  });

  test('a page past the last is not found, and /samples/page/1 is /samples', async ({ request }) => {
    expect((await request.get('/samples/page/3')).status()).toBe(404);
    const first = await request.get('/samples/page/1', { maxRedirects: 0 });
    expect(first.status()).toBe(301);
    expect(first.headers().location).toBe('/samples');
  });
});
