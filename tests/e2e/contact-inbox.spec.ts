import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { expectNoSeriousA11yViolations, gotoHydrated } from './support';
import { parseCsv } from '#server/test-support/parse-csv.ts';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;
/** The contact form keeps a message sent sooner than this after the form was opened as spam. */
const HUMAN_FILL_MS = 2200;
const STUDIO_NAME = 'ATL Audio Mastering';

/** A loaded machine can take a while to hydrate the dashboard: wait for it, or for the login form, before acting. */
const HYDRATION_TIMEOUT = 30_000;

async function openInbox(page: Page) {
  await page.goto('/manage');
  const dashboard = page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });
  const username = page.getByLabel('Username');
  await expect(dashboard.or(username)).toBeVisible({ timeout: HYDRATION_TIMEOUT });
  if (await username.isVisible()) {
    await username.fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  }
  await showInbox(page);
}

/** The Contact Submissions tab of a dashboard that is loading or loaded. */
async function showInbox(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: HYDRATION_TIMEOUT });
  await page.getByRole('tab', { name: 'Contact Submissions' }).click();
  await expect(page.getByText(/^Showing \d+ of \d+/).or(page.getByText('No contact submissions yet'))).toBeVisible({
    timeout: HYDRATION_TIMEOUT,
  });
}

const statValue = (page: Page, label: string) =>
  page.locator('p', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::p');
const card = (page: Page, name: string): Locator => page.locator('article', { has: page.getByRole('heading', { name }) });

test('a message sent from another browser appears in the open inbox, opens as read, and can be answered and exported', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const visitor = {
    name: `Nia Inbox ${stamp}`,
    email: `nia+${stamp}@example.com`,
    message: `Can you master my EP, "Night & Day"?\nRef ${stamp}`,
  };
  await openInbox(page);
  const pending = statValue(page, 'Pending Contacts');
  await expect(pending).toHaveText(/^\d+$/);
  const pendingBefore = Number(await pending.textContent());

  // Another person, another browser: the public contact form.
  const other = await browser.newContext();
  const form = (await other.newPage()).locator('#contact-form');
  await gotoHydrated(form.page(), '/contact');
  await form.getByLabel('Name').fill(visitor.name);
  await form.getByLabel('Email').fill(visitor.email);
  await form.getByLabel('Message').fill(visitor.message);
  await form.page().waitForTimeout(HUMAN_FILL_MS);
  await form.getByRole('button', { name: 'Send Message' }).click();
  // A sent message clears the form (the toast is the contact journey's business).
  await expect(form.getByLabel('Name')).toHaveValue('', { timeout: HYDRATION_TIMEOUT });
  await other.close();

  // No reload: the open admin polls.
  const arrived = card(page, visitor.name);
  await expect(arrived).toBeVisible({ timeout: 10_000 });
  await expect(pending).toHaveText(String(pendingBefore + 1), { timeout: 10_000 });
  await expect(arrived).toContainText('Unread');
  const opener = arrived.getByRole('button', { name: `${visitor.name}, unread message`, exact: true });
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  await expect(arrived.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(arrived.locator('time')).not.toContainText('UTC');

  await opener.click();
  await expect(arrived.getByRole('button', { name: visitor.name, exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(arrived).not.toContainText('Unread');

  const reply = arrived.getByRole('link', { name: `Reply to ${visitor.name} by e-mail` });
  const href = (await reply.getAttribute('href'))!;
  expect(href.startsWith(`mailto:nia%2B${stamp}@example.com?subject=Re%3A%20your%20enquiry%20to%20`)).toBe(true);
  const mail = new URL(href);
  expect(mail.searchParams.get('subject')).toBe(`Re: your enquiry to ${STUDIO_NAME}`);
  expect(mail.searchParams.get('body')).toContain(`> Can you master my EP, "Night & Day"?\r\n> Ref ${stamp}`);

  // Read on the server, not only on screen.
  await page.reload();
  await showInbox(page);
  await expect(card(page, visitor.name)).toBeVisible();
  await expect(card(page, visitor.name)).not.toContainText('Unread');

  // The export of the current filter, parsed as a spreadsheet would.
  await page.getByLabel('Search by name, e-mail or message').fill(`Ref ${stamp}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export shown as CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^contact-submissions-\d{4}-\d{2}-\d{2}-filtered\.csv$/);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = parseCsv(text.slice(1));
  expect(rows).toHaveLength(2);
  expect(rows[0]!.slice(1, 5)).toEqual(['Received', 'Received (ISO 8601, UTC)', 'Name', 'Email']);
  // The time as the studio reads it (its zone), beside the exact ISO time; the status as a word.
  expect(rows[1]).toMatchObject({ 3: visitor.name, 4: visitor.email, 6: 'New', 9: visitor.message });
  expect(rows[1]![1]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M [A-Z]{2,5}$/);

  await page.getByLabel('Search by name, e-mail or message').fill('');
  const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export all as CSV' }).click()]);
  const allRows = parseCsv(readFileSync((await all.path())!, 'utf8').slice(1));
  expect(allRows.length - 1).toBe(Number(await statValue(page, 'Total Contacts').textContent()));
});

test('the owner switches the automatic acknowledgement on and off', async ({ page }) => {
  test.setTimeout(90_000);
  await openInbox(page);
  await page.getByText('Automatic acknowledgement').click();
  const switchOn = page.getByLabel('E-mail each visitor that their message arrived');
  const text = page.getByLabel('Acknowledgement text');
  await expect(text).toHaveValue(/within 24 hours/);
  await switchOn.check();
  await text.fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Write the text the visitor receives')).toBeVisible();
  await page.getByRole('button', { name: 'Use the default text' }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Acknowledgement settings saved' })).toBeVisible();
  await page.reload();
  await showInbox(page);
  await expect(page.getByText('Automatic acknowledgement')).toContainText('On');
  await page.getByText('Automatic acknowledgement').click();
  await page.getByLabel('E-mail each visitor that their message arrived').uncheck();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Automatic acknowledgement')).toContainText('Off');
});

test('the inbox has no serious accessibility violations and fits 390 px and 1440 px', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const stamp = Date.now();
  for (const name of [`Unread Example ${stamp}`, `Opened Example ${stamp}`]) {
    const sent = await request.post('/api/contact', {
      data: {
        name,
        email: `${stamp}@example.com`,
        phone: '+1 404 555 0100',
        message: 'Mixing for a four-track EP, stems ready next week.',
      },
      headers: { Origin: baseURL! },
    });
    expect(sent.status()).toBe(201);
  }
  await openInbox(page);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.reload();
    await showInbox(page);
    await page.getByText('Automatic acknowledgement').click();
    const opened = card(page, `Opened Example ${stamp}`);
    await opened.getByRole('button', { name: `Opened Example ${stamp}` }).click();
    await expect(opened.getByRole('link', { name: /^Reply to/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/manage-inbox-${width}.png`, fullPage: true });
  }
});
