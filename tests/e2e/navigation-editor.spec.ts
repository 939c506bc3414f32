import { expect, test, type Page } from '@playwright/test';
import { openDashboard, openSection, restoreOriginalContent, saveSection } from './site-editor-support';
import { expectNoSeriousA11yViolations, gotoHydrated } from './support';

/*
 * The owner edits the menus in the Site area: renames a header item, moves another under Services
 * and adds an outside link to the footer; visitors see the same items in the desktop menu and in
 * the phone menu, and the outside link says it leaves the site.
 */

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

// Every spec shares one server: back to the shipped menus, kept as a new version.
test.afterAll(({ playwright, baseURL }) => restoreOriginalContent({ playwright, baseURL }, ['navigation']));

/** Each link's words in a menu, in order, without the words for screen readers. */
const menuWords = (page: Page, selector: string) =>
  page.locator(selector).evaluate((menu) =>
    Array.from(menu.querySelectorAll('a, summary, p')).map((node) => {
      const copy = node.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.sr-only').forEach((hidden) => hidden.remove());
      return copy.textContent!.trim().toLowerCase();
    }),
  );

test('the owner renames a menu item, moves one under Services and adds an outside footer link', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openDashboard(page);
  await openSection(page, 'Menus');

  await page.getByLabel('Item 5: label', { exact: true }).fill('Our Story');
  await page.getByRole('button', { name: 'Move under “Services”', exact: true }).click();
  // Process is now the third item under Services, and focus went with it.
  await expect(page.getByLabel('Sub-item 3: label', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Sub-item 3: label', { exact: true })).toHaveValue('Process');
  await expect(page.getByLabel('Item 3: label', { exact: true })).toHaveValue('Samples');

  const studioColumn = page.getByRole('group', { name: 'Under column 2', exact: true });
  await studioColumn.getByRole('button', { name: 'Add link', exact: true }).click();
  await expect(page.getByLabel('Link 7: label', { exact: true })).toBeFocused();
  await page.getByLabel('Link 7: label', { exact: true }).fill('Bandcamp');
  await page.getByLabel('Link 7: link to', { exact: true }).selectOption({ label: 'Another address…' });
  const address = page.getByLabel('Link 7: link to: address', { exact: true });
  await address.fill('http://studio.bandcamp.com/');
  await expect(page.getByText(/Link to must be a page of the site/)).toBeVisible();
  await address.fill('https://studio.bandcamp.com/');
  await expect(page.getByText(/Link to must be a page of the site/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  if (SHOTS) {
    await page.getByLabel('Item 2: label', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/navigation-editor-1440.png` });
  }
  await saveSection(page, 'Menus');
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Sub-item 3: label', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/navigation-editor-390.png` });
    await page.getByLabel('Link 7: label', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/navigation-editor-390-footer.png` });
  }

  const desktop = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await gotoHydrated(desktop, '/about');
  const main = desktop.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Our Story' })).toHaveAttribute('aria-current', 'page');
  await main.getByText('Services', { exact: true }).click();
  await expect(main.getByRole('link', { name: 'Process' })).toBeVisible();
  const outside = desktop.getByRole('contentinfo').getByRole('link', { name: 'Bandcamp (another site)' });
  await expect(outside).toHaveAttribute('href', 'https://studio.bandcamp.com/');
  await expect(outside).toHaveAttribute('rel', 'noopener');
  await expectNoSeriousA11yViolations(desktop);
  if (SHOTS) await desktop.screenshot({ path: `${SHOTS}/navigation-site-1440.png` });
  const desktopItems = await menuWords(desktop, 'nav[aria-label="Main"]');
  expect(desktopItems).toEqual(expect.arrayContaining(['home', 'services', 'all services', 'process', 'samples', 'our story', 'contact']));
  expect(desktopItems).not.toContain('about');

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await gotoHydrated(phone, '/about');
  await phone.getByRole('button', { name: 'Open menu' }).click();
  const panel = phone.getByRole('dialog', { name: 'Menu' });
  await expect(panel.getByRole('link', { name: 'Our Story' })).toBeVisible();
  await expectNoSeriousA11yViolations(phone);
  if (SHOTS) await phone.screenshot({ path: `${SHOTS}/navigation-site-390.png` });
  expect(await menuWords(phone, '[role="dialog"] nav[aria-label="Mobile"]')).toEqual(desktopItems);
  await desktop.close();
  await phone.close();
});
