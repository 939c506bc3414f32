import { expect, test, type Page } from '@playwright/test';
import { toast } from './site-editor-support';
import { expectNoSeriousA11yViolations, gotoHydrated, signInAsOwner } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

// A person's browser: headless Chromium names itself "HeadlessChrome", which the statistics leave out as automated.
const PERSON = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** The Insights area read afresh until `check` holds: counted events reach the database in batches every few seconds. */
async function untilCounted(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Top pages' })).toBeVisible({ timeout: 15_000 });
    await check();
  }).toPass({ timeout: 60_000 });
}

test('a visit from a search with a campaign, and a sample played, show in the owner’s Insights', async ({ page, browser }) => {
  const campaign = `winter-${Date.now().toString(36)}`;
  const visitor = await browser.newContext({
    userAgent: PERSON,
    locale: 'en-GB',
    extraHTTPHeaders: { 'Accept-Language': 'en-GB,en;q=0.9' },
  });
  let title = '';
  try {
    const listener = await visitor.newPage();
    await listener.goto(`/?utm_source=google&utm_campaign=${campaign}`, { referer: 'https://www.google.com/' });
    await gotoHydrated(listener, '/samples');
    const player = listener.getByRole('group', { name: /^Audio player: / }).first();
    title = ((await player.getAttribute('aria-label')) ?? '').replace('Audio player: ', '');
    await expect(player).toHaveAttribute('data-player-status', 'ready');
    const beacon = listener.waitForResponse((response) => response.url().endsWith('/plays') && response.request().method() === 'POST', {
      timeout: 20_000,
    });
    await player.getByRole('button', { name: `Play ${title}` }).click();
    expect((await beacon).status()).toBe(204);
    await player.getByRole('button', { name: `Pause ${title}` }).click();
  } finally {
    await visitor.close();
  }

  await signInAsOwner(page, '/manage/insights');
  await expect(page.getByRole('tab', { name: 'Insights', selected: true })).toBeVisible();
  await untilCounted(page, async () => {
    await expect(page.getByRole('region', { name: 'Campaigns' }).getByRole('rowheader', { name: campaign })).toBeVisible({
      timeout: 1_000,
    });
    await expect(page.getByRole('region', { name: 'Samples played' }).getByRole('rowheader', { name: title })).toBeVisible({
      timeout: 1_000,
    });
  });
  await expect(page.getByRole('region', { name: 'Sources' }).getByRole('rowheader', { name: 'Search engines' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Referring sites' }).getByRole('rowheader', { name: 'google.com' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Countries' }).getByRole('rowheader', { name: 'United Kingdom' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Landing pages' }).getByRole('rowheader', { name: '/', exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Visitors and page views' })).toBeVisible();

  // The same numbers as a table, for whoever does not read charts.
  await page.getByText('Show the numbers as a table').click();
  await expect(page.getByRole('columnheader', { name: 'Visitors' }).first()).toBeVisible();

  await page.getByLabel('Period').selectOption('12m');
  await expect(page.getByRole('columnheader', { name: 'Month' })).toBeVisible();

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    await expectNoSeriousA11yViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/insights-${width}.png`, fullPage: true });
  }
});

test('the owner turns counting off and on again', async ({ page }) => {
  await signInAsOwner(page, '/manage/insights');
  const counting = page.getByRole('checkbox', { name: 'Count visits' });
  await expect(counting).toBeChecked();
  await counting.uncheck();
  await expect(toast(page)).toContainText('Counting settings saved');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Count visits' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Count visits' }).check();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Count visits' })).toBeChecked();
});
