import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { expectNoSeriousA11yViolations, gotoHydrated } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

interface ListedSample {
  id: number;
  title: string;
  audioUrl: string;
}

/** An admin API client (login through the API: the same session a browser gets). */
async function adminApi(playwright: { request: { newContext(options: object): Promise<APIRequestContext> } }, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const login = await api.post('/api/admin/login', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
  expect(login.ok()).toBe(true);
  return api;
}

async function openDashboard(page: Page) {
  await gotoHydrated(page, '/manage');
  const dashboard = page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });
  if (!(await dashboard.isVisible())) {
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  }
  await expect(dashboard).toBeVisible();
  await expect(page.getByTestId('samples-total')).toHaveText(/^\d+ samples total$/);
}

const innerTab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name }).click();
const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notification/ })
    .locator('li')
    .first();
const reorderTitles = (page: Page) => page.getByTestId('reorder-row').locator('p.truncate').allTextContents();
const manageCard = (page: Page, title: string) =>
  page.locator('article', { has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
const trashRow = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4, name: title, exact: true }) });

/** Samples this spec adds (on the seeded demo audio), removed again at the end so other specs see the seeded site. */
const MINE = ['E2E Trash One', 'E2E Trash Two', 'E2E Play Count'];

test.describe('trash and play counts', () => {
  // Long journeys on a shared machine: a page load alone can take seconds.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test.beforeAll(async ({ playwright, baseURL }) => {
    const api = await adminApi(playwright, baseURL!);
    const [demo] = (await (await api.get('/api/samples')).json()) as ListedSample[];
    for (const title of MINE) {
      const created = await api.post('/api/samples', { data: { title, artist: 'E2E', audioUrl: demo.audioUrl } });
      expect(created.status()).toBe(201);
    }
    await api.dispose();
  });

  test.afterAll(async ({ playwright, baseURL }) => {
    const api = await adminApi(playwright, baseURL!);
    // Only this spec's own samples: what other journeys left in the trash stays there.
    for (const sample of (await (await api.get('/api/samples/trash')).json()) as ListedSample[]) {
      if (MINE.includes(sample.title)) expect((await api.delete(`/api/samples/${sample.id}/trash`)).status()).toBeLessThan(300);
    }
    for (const sample of (await (await api.get('/api/samples')).json()) as ListedSample[]) {
      if (MINE.includes(sample.title)) expect((await api.delete(`/api/samples/${sample.id}`)).status()).toBe(204);
    }
    await api.dispose();
  });

  test('two samples deleted within 5 s are both restored from Recently deleted, each in its place', async ({ page }) => {
    await openDashboard(page);
    await innerTab(page, 'Reorder');
    const before = await reorderTitles(page);
    const [first, second] = MINE;
    expect(before).toEqual(expect.arrayContaining([first, second]));

    await innerTab(page, 'Manage Samples');
    await manageCard(page, first)
      .getByRole('button', { name: `Delete ${first}` })
      .click();
    await expect(toast(page)).toContainText('Sample deleted successfully');
    await manageCard(page, second)
      .getByRole('button', { name: `Delete ${second}` })
      .click();
    await expect(manageCard(page, first)).toHaveCount(0);
    await expect(manageCard(page, second)).toHaveCount(0);

    await innerTab(page, /^Recently deleted/);
    // Other journeys on the shared server may have left samples of their own in the trash.
    const trashTab = page.getByRole('tab', { name: /^Recently deleted \(\d+\)$/ });
    const inTrash = Number(/\((\d+)\)/.exec((await trashTab.textContent()) ?? '')?.[1]);
    expect(inTrash).toBeGreaterThanOrEqual(2);
    await expect(trashRow(page, second)).toContainText('Removed for good on');
    await expect(trashRow(page, first)).toBeVisible();
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // Nothing wider than a phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/recently-deleted-${width}.png`, fullPage: true });
      }
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await expectNoSeriousA11yViolations(page);

    await trashRow(page, first)
      .getByRole('button', { name: `Restore ${first}` })
      .click();
    await expect(trashRow(page, first)).toHaveCount(0);
    await trashRow(page, second)
      .getByRole('button', { name: `Restore ${second}` })
      .click();
    const left = inTrash - 2;
    await expect(page.getByRole('tab', { name: left > 0 ? `Recently deleted (${left})` : 'Recently deleted', exact: true })).toBeVisible();
    if (left === 0) await expect(page.getByText('No recently deleted samples')).toBeVisible();

    await innerTab(page, 'Reorder');
    await expect.poll(() => reorderTitles(page)).toEqual(before);
    await page.goto('/samples');
    await expect(page.locator('article h2')).toHaveText(before);
  });

  test('each Undo restores its own sample; Delete forever asks first, then removes it', async ({ page }) => {
    await openDashboard(page);
    await innerTab(page, 'Reorder');
    const before = await reorderTitles(page);
    const [first, second] = MINE;
    const row = (title: string) => page.getByTestId('reorder-row').filter({ hasText: title });
    // A delete's toast comes with the server's answer, and then the page reloads Recently deleted: the
    // second reload means the second toast, with its Undo, has replaced the first.
    let trashed = 0;
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/samples/trash') trashed += 1;
    });
    await row(first)
      .getByRole('button', { name: `Delete ${first}` })
      .click();
    await row(second)
      .getByRole('button', { name: `Delete ${second}` })
      .click();
    await expect.poll(() => trashed).toBeGreaterThanOrEqual(2);
    // One toast at a time: the one on screen is the second delete's, and its Undo brings back that sample only.
    await toast(page).getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page)).toContainText('Sample restored');
    await expect(row(second)).toHaveCount(1);
    await expect(row(first)).toHaveCount(0);

    await innerTab(page, /^Recently deleted/);
    await trashRow(page, first)
      .getByRole('button', { name: `Delete forever: ${first}` })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this sample forever?' });
    await expect(dialog).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/delete-forever-dialog.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(trashRow(page, first)).toBeVisible();
    await trashRow(page, first)
      .getByRole('button', { name: `Delete forever: ${first}` })
      .click();
    await dialog.getByRole('button', { name: 'Delete forever' }).click();
    await expect(toast(page)).toContainText('Sample deleted for good');
    await expect(trashRow(page, first)).toHaveCount(0);
    await innerTab(page, 'Reorder');
    await expect.poll(() => reorderTitles(page)).toEqual(before.filter((title) => title !== first));
  });

  test('playing a sample for 6 s adds one play in Manage Samples', async ({ page, browser }) => {
    const title = MINE[2];
    await openDashboard(page);
    await innerTab(page, 'Manage Samples');
    const count = manageCard(page, title).getByTestId('play-count');
    await expect(count).toContainText('0 plays');

    // A visitor: another browser context, without the admin's session.
    const visitor = await browser.newContext();
    try {
      const listener = await visitor.newPage();
      await gotoHydrated(listener, '/samples');
      const player = listener.getByRole('group', { name: `Audio player: ${title}` });
      await expect(player).toHaveAttribute('data-player-status', 'ready');
      const beacon = listener.waitForResponse((response) => response.url().endsWith('/plays') && response.request().method() === 'POST', {
        timeout: 20_000,
      });
      await player.getByRole('button', { name: `Play ${title}` }).click();
      await expect(player).toContainText(/0:0[6-9] \//, { timeout: 20_000 });
      expect((await beacon).status()).toBe(204);
      await player.getByRole('button', { name: `Pause ${title}` }).click();
    } finally {
      await visitor.close();
    }

    // Counted once the tab is visited again.
    await innerTab(page, 'Reorder');
    await innerTab(page, 'Manage Samples');
    await expect(count).toContainText('1 play · 1 in the last 30 days');
    if (SHOTS) {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await manageCard(page, title).scrollIntoViewIfNeeded();
        await manageCard(page, title).screenshot({ path: `${SHOTS}/manage-play-count-${width}.png` });
      }
    }
  });
});
