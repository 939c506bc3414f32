import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import type { StoredSiteContent } from '#common/site-content/sections.ts';
import { expectNoSeriousA11yViolations, gotoHydrated } from './support';

/*
 * The owner edits the Process page and the home page's blocks in the Site area: adds a step, moves
 * it up, hides a home block and moves another; a visitor without JavaScript sees the result.
 */

test.describe.configure({ mode: 'serial', timeout: 240_000 });

async function openSection(page: Page, name: string) {
  if (!(await page.getByRole('navigation', { name: 'Site sections' }).isVisible())) {
    await page.getByRole('tab', { name: 'Site', exact: true }).click();
  }
  await page.getByRole('navigation', { name: 'Site sections' }).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible({ timeout: 20_000 });
}

async function save(page: Page, name: string) {
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page
      .getByRole('region', { name: /Notification/ })
      .locator('li')
      .first(),
  ).toContainText(`${name} saved`);
}

test.afterAll(async ({ playwright, baseURL }) => {
  // Every spec shares one server: back to the shipped text, kept as new versions.
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL as string } });
  expect((await api.post('/api/admin/login', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } })).ok()).toBe(true);
  const current = (await (await api.get('/api/admin/site')).json()) as StoredSiteContent;
  for (const section of ['process', 'home'] as const) {
    if (current[section].version > 0) expect((await api.post(`/api/admin/site/${section}/restore-original`)).ok()).toBe(true);
  }
  await api.dispose();
});

test('the owner adds a process step and rearranges the home page; visitors without JavaScript see it', async ({ page, browser }) => {
  await gotoHydrated(page, '/manage');
  await page.getByLabel('Username', { exact: true }).fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: 30_000 });

  await openSection(page, 'Process');
  await page.getByRole('button', { name: 'Add step', exact: true }).click();
  await expect(page.getByLabel('Step 7 title', { exact: true })).toBeFocused();
  await page.getByLabel('Step 7 title', { exact: true }).fill('Stem Check');
  await page.getByLabel('Step 7 text', { exact: true }).fill('We listen to every stem and reply within {{studio.responseHours}} hours.');
  await expect(page.getByText('Reply time (hours): 24').last()).toBeVisible();
  await page.getByRole('button', { name: 'Move step 7 up', exact: true }).click();
  await page.getByLabel('Guide 3 items', { exact: true }).fill('Bring a reference track\nName your files after the song');
  await save(page, 'Process');

  await openSection(page, 'Home page');
  await page.getByLabel('Show Preparing your project on the home page', { exact: true }).uncheck();
  // Twice: above the testimonials, then above the samples; focus stays on the button.
  await page.getByRole('button', { name: 'Move Contact form up', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Move Contact form up', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByLabel('Contact form title', { exact: true }).fill('Talk To Us');
  await expectNoSeriousA11yViolations(page);
  await save(page, 'Home page');

  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const view = await visitor.newPage();
  await view.goto('/process');
  await expect(view.getByRole('heading', { name: 'Step 6: Stem Check' })).toBeVisible();
  await expect(view.getByRole('heading', { name: 'Step 7: Final Delivery' })).toBeVisible();
  await expect(view.getByText('We listen to every stem and reply within 24 hours.')).toBeVisible();

  await view.goto('/');
  await expect(view.getByRole('heading', { name: 'Preparing Your Project' })).toHaveCount(0);
  const order = await view.evaluate(() =>
    ['#services', '#featured-samples-title', '#contact'].map(
      (selector) => document.querySelector(selector)?.getBoundingClientRect().top ?? -1,
    ),
  );
  expect(order.every((top) => top >= 0)).toBe(true);
  // Contact moved above the samples.
  expect(order[2]).toBeLessThan(order[1]!);
  await expect(view.getByRole('heading', { level: 2, name: 'Talk To Us' })).toBeVisible();
  await visitor.close();
});
