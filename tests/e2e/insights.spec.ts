import { expect, test, type Page } from '@playwright/test';
import { toast } from './site-editor-support';
import { expectNoSeriousA11yViolations, gotoHydrated, signInAsOwner } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

// A person's browser: headless Chromium names itself "HeadlessChrome", which the statistics leave out as automated.
const PERSON = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** The server treats a booking sent sooner than 2 s after its form opened as a bot's (booking.spec.ts): a person takes longer. */
const HUMAN_FILL_MS = 2200;

/** The Insights area read afresh until `check` holds: counted events reach the database in batches every few seconds. */
async function untilCounted(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Top pages' })).toBeVisible({ timeout: 15_000 });
    await check();
  }).toPass({ timeout: 60_000 });
}

test('a visit from a search with a campaign, a sample played and a consultation booked show in the owner’s Insights', async ({
  page,
  browser,
}) => {
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

    // The same visit books a consultation: the goal is credited to the search and the campaign it came from.
    await gotoHydrated(listener, '/book');
    await listener
      .getByRole('link', { name: /: \d+ free times$/ })
      .nth(3)
      .click();
    await listener.locator('section[aria-labelledby="booking-time-title"] ul a').nth(1).click();
    await listener.getByLabel('Name').fill('Ines Moreau');
    await listener.getByLabel('Email').fill(`${campaign}@example.com`);
    await listener.getByLabel('Phone').fill('+44 20 7946 0000');
    await listener.waitForTimeout(HUMAN_FILL_MS);
    await listener.getByRole('button', { name: 'Book consultation' }).click();
    await expect(listener.getByRole('heading', { name: 'You’re booked' })).toBeVisible();
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
    const booked = page.getByRole('region', { name: 'Goals' }).getByRole('row', { name: /^Consultation booked/ });
    await expect(booked.getByRole('cell').first()).not.toHaveText('0', { timeout: 1_000 });
  });
  // The journey's booking among the others this server has seen (other journeys book as direct visits):
  // the API's list of the goal's sources and landing pages has the search and `/` it came in by.
  const today = new Date().toISOString().slice(0, 10);
  const summary = (await (await page.request.get(`/api/admin/insights?from=${today}&to=${today}`)).json()) as {
    goals: Array<{ kind: string; sources: Array<{ value: string }>; landings: Array<{ value: string }> }>;
  };
  const booked = summary.goals.find((goal) => goal.kind === 'consultation_booked')!;
  expect(booked.sources.map((row) => row.value)).toContain('search');
  expect(booked.landings.map((row) => row.value)).toContain('/');
  await expect(page.getByRole('region', { name: 'Goals' }).getByRole('row', { name: /^Consultation booked/ })).toBeVisible();
  const funnel = page.getByRole('region', { name: 'From visit to client' });
  await expect(
    funnel
      .getByRole('row', { name: /^Engaged/ })
      .getByRole('cell')
      .first(),
  ).not.toHaveText('0');
  await expect(
    funnel
      .getByRole('row', { name: /^Enquired or booked/ })
      .getByRole('cell')
      .first(),
  ).not.toHaveText('0');
  // The studio's side, loaded with the area: the consultation is in its week.
  await expect(page.getByRole('img', { name: 'Money over time' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Consultations per week' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Projects by status' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Goals', exact: true })).toHaveAttribute('href', /^\/api\/admin\/insights\.csv\?view=goals&/);
  await expect(page.getByRole('region', { name: 'Sources' }).getByRole('rowheader', { name: 'Search engines' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Referring sites' }).getByRole('rowheader', { name: 'google.com' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Countries' }).getByRole('rowheader', { name: 'United Kingdom' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Landing pages' }).getByRole('rowheader', { name: '/', exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Visitors and page views' })).toBeVisible();

  // The same numbers as a table, for whoever does not read charts.
  await page.getByText('Show the numbers as a table').first().click();
  await expect(page.getByRole('columnheader', { name: 'Visitors' }).first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Period' }).selectOption('12m');
  await expect(page.getByRole('columnheader', { name: 'Month' })).toBeVisible();

  // The privacy policy says what is counted, as the settings now are.
  const policy = await browser.newPage();
  await policy.goto('/privacy-policy');
  await expect(policy.getByText(/This website counts its visits without cookies/)).toBeVisible();
  await policy.close();

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
