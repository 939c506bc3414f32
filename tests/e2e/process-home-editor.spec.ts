import { expect, test } from '@playwright/test';
import { openDashboard, openSection, restoreOriginalContent, saveSection } from './site-editor-support';
import { expectNoSeriousA11yViolations } from './support';

/*
 * The owner edits the Process page and the home page's blocks in the Site area: adds a step, moves
 * it up, hides a home block and moves another; a visitor without JavaScript sees the result.
 */

test.describe.configure({ mode: 'serial', timeout: 240_000 });

// Every spec shares one server: back to the shipped text, kept as new versions.
test.afterAll(({ playwright, baseURL }) => restoreOriginalContent({ playwright, baseURL }, ['process', 'home']));

test('the owner adds a process step and rearranges the home page; visitors without JavaScript see it', async ({ page, browser }) => {
  await openDashboard(page);

  await openSection(page, 'Process');
  await page.getByRole('button', { name: 'Add step', exact: true }).click();
  await expect(page.getByLabel('Step 7 title', { exact: true })).toBeFocused();
  await page.getByLabel('Step 7 title', { exact: true }).fill('Stem Check');
  await page.getByLabel('Step 7 text', { exact: true }).fill('We listen to every stem and reply within {{studio.responseHours}} hours.');
  await expect(page.getByText('Reply time (hours): 24').last()).toBeVisible();
  await page.getByRole('button', { name: 'Move step 7 up', exact: true }).click();
  await page.getByLabel('Guide 3 items', { exact: true }).fill('Bring a reference track\nName your files after the song');
  await saveSection(page, 'Process');

  await openSection(page, 'Home page');
  await page.getByLabel('Show Preparing your project on the home page', { exact: true }).uncheck();
  // Twice: above the testimonials, then above the samples; focus stays on the button.
  await page.getByRole('button', { name: 'Move Contact form up', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Move Contact form up', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByLabel('Contact form title', { exact: true }).fill('Talk To Us');
  await expectNoSeriousA11yViolations(page);
  await saveSection(page, 'Home page');

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
