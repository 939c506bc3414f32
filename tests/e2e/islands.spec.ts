import { expect, test, type Page } from '@playwright/test';
import { holdClientEntry } from './support';

/** Every script file a page fetches while it loads and starts, and every error it reports. */
function watch(page: Page) {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { scripts, errors };
}

test.describe('public pages hydrate only their islands', () => {
  for (const path of ['/', '/samples', '/contact', '/about', '/services/mixing-mastering']) {
    test(`${path} starts its islands without React Router's code and without a hydration error`, async ({ page }) => {
      const { scripts, errors } = watch(page);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      expect(scripts.some((script) => /\/islands-[^/]+\.js$/.test(script))).toBe(true);
      // React Router's entry and route modules are what a hydrated page would fetch.
      expect(scripts.filter((script) => /\/(entry\.client|root|site-layout)-[^/]+\.js$/.test(script))).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test('the islands work once started: the services menu opens from the keyboard, the phone menu opens its panel', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const trigger = page.locator('summary', { hasText: 'Services' });
    await trigger.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('link', { name: 'All Services' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(trigger).toBeFocused();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel).toBeVisible();
    await panel.getByRole('link', { name: 'Samples' }).click();
    await expect(page).toHaveURL(/\/samples$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sample Portfolio' })).toBeVisible();
  });

  test('the contact form sent before the page started is handled by the server, then by the island once it has', async ({ page }) => {
    // Held: the server renders the form and the browser posts it natively; the answer names the missing fields.
    const release = await holdClientEntry(page);
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please check the form' })).toBeVisible();
    release();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    // Started: the island checks in the browser, without a post.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByLabel('Name')).toBeFocused();
    expect(posts).toEqual([]);
  });

  test('the client portal stays a React Router app', async ({ page }) => {
    const { scripts } = watch(page);
    const response = await page.goto('/portal');
    // Once: the server marks it, and the route no longer adds a second copy.
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect(scripts.some((script) => /\/entry\.client-[^/]+\.js$/.test(script))).toBe(true);
    expect(scripts.some((script) => /\/islands-[^/]+\.js$/.test(script))).toBe(false);
  });
});
