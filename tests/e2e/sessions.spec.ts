import { expect, test, type Browser, type Page } from '@playwright/test';
import { totpCode, totpStep } from '#server/auth/totp.ts';
import { latestMailTo } from './outbox';
import { DASHBOARD_HYDRATION_TIMEOUT, expectNoSeriousA11yViolations, gotoHydrated, signInAsOwner } from './support';

// Sessions per person and required two-factor (issue 43, decision 117).
// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;
const PASSWORD = 'quartz-lantern-meadow-41';
const JOIN_LINK = /https?:\/\/\S+\/manage\/join\/[\w-]+/;
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });
const staffList = (page: Page) => page.getByRole('list', { name: 'The staff' });

async function shots(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function openSessions(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sessions' });
  await expect(dialog.getByRole('list', { name: 'Sessions' })).toBeVisible();
  return dialog;
}

test('a second browser is ended from the Sessions list, and its next request is signed out', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsOwner(page, '/manage');
  // Another device: a browser of its own, signed in as the same person.
  const other = await (await browser.newContext({ userAgent: FIREFOX_WINDOWS })).newPage();
  await signInAsOwner(other, '/manage');

  const dialog = await openSessions(page);
  const current = dialog.getByRole('listitem').filter({ hasText: 'This session' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('From 127.0.0.0/24');
  const firefox = dialog.getByRole('listitem').filter({ hasText: 'Firefox on Windows' }).first();
  await expect(firefox).toBeVisible();
  await expect(current.getByRole('button', { name: /^End/ })).toHaveCount(0);
  await shots(page, 'sessions-own');

  const endedId = await firefox.getAttribute('data-session-id');
  await firefox.getByRole('button', { name: /^End the session of Firefox on Windows/ }).click();
  await expect(dialog.locator(`[data-session-id="${endedId}"]`)).toHaveCount(0);

  // The ended browser's next request is signed out: the API answers 401, the page asks to log in again.
  expect((await other.request.get('/api/admin/me')).status()).toBe(401);
  await other.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(other.getByRole('dialog', { name: 'Log in to continue' })).toBeVisible();
  // This one carries on.
  expect((await page.request.get('/api/admin/me')).status()).toBe(200);
  await other.context().close();
});

/** The invitee's browser: joins from the e-mailed link and lands where the admin sends them. */
async function joinFromEmail(browser: Browser, email: string, username: string, since: number): Promise<Page> {
  const mail = await latestMailTo(email, since, /Join/);
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await gotoHydrated(page, new URL(JOIN_LINK.exec(mail.text)![0]).pathname);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Join' }).click();
  return page;
}

test('required two-factor sends a staff member straight to its setup; the owner sees and ends their sessions', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `held-${stamp}@studio.test`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsOwner(page, '/manage/staff');
  const rule = page.getByRole('group', { name: 'Required two-factor' });
  const engineersRule = rule.getByRole('checkbox', { name: 'Engineers must use two-factor' });
  await engineersRule.click();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Engineers must use two-factor');
  await expect(engineersRule).toBeChecked();

  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Name').fill('Hal Held');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Role').selectOption({ label: 'Engineer' });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(staffList(page).getByRole('listitem').filter({ hasText: email })).toContainText('Invited');
  await shots(page, 'staff-required-two-factor');

  const engineer = await joinFromEmail(browser, email, `hal-${stamp}`, stamp - 1000);
  await expect(engineer.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeVisible({
    timeout: DASHBOARD_HYDRATION_TIMEOUT,
  });
  await expect(dashboardHeading(engineer)).toHaveCount(0);
  const refused = await engineer.request.get('/api/contact-submissions');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toMatch(/requires two-factor authentication/);
  // Another address of the admin shows the same setup.
  await gotoHydrated(engineer, '/manage/projects');
  await expect(engineer.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeVisible();
  const key = engineer.getByTestId('two-factor-key');
  await expect(key).toBeVisible();
  await shots(engineer, 'two-factor-required');

  // The owner sees the engineer's session on the staff page (read again: they have joined since).
  await gotoHydrated(page, '/manage/staff');
  const row = staffList(page).getByRole('listitem').filter({ hasText: email });
  await row.getByRole('button', { name: 'Sessions of Hal Held' }).click();
  const theirs = page.getByRole('dialog', { name: 'Sessions of Hal Held' });
  await expect(theirs.getByRole('listitem')).toHaveCount(1);
  await expect(theirs.getByRole('listitem')).toContainText(/Chrome on \w+/);
  await shots(page, 'sessions-of-a-person');
  await theirs.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(theirs).toHaveCount(0);

  // Setup done, the admin opens.
  const secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
  await engineer.getByLabel('6-digit code').fill(totpCode(secret, totpStep(new Date())));
  await engineer.getByRole('button', { name: 'Turn on' }).click();
  await expect(engineer.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await engineer.getByRole('button', { name: 'Done' }).click();
  await expect(dashboardHeading(engineer)).toBeVisible({ timeout: DASHBOARD_HYDRATION_TIMEOUT });
  expect((await engineer.request.get('/api/contact-submissions')).status()).toBe(200);

  // The owner ends the engineer's session from the staff page: signed out at the next request.
  await row.getByRole('button', { name: 'Sessions of Hal Held' }).click();
  await theirs.getByRole('button', { name: /^End the session of / }).click();
  await expect(theirs.getByText('No one is signed in as them right now.')).toBeVisible();
  expect((await engineer.request.get('/api/admin/me')).status()).toBe(401);
  await theirs.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(theirs).toHaveCount(0);

  await engineersRule.click();
  await expect(engineersRule).not.toBeChecked();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('may sign in without two-factor');
  await engineer.context().close();
});
