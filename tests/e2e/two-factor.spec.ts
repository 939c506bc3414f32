import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { totpCode, totpStep } from '#server/auth/totp.ts';
import { outboxMails } from './outbox';
import { expectNoSeriousA11yViolations, gotoHydrated } from './support';
import { adminCli } from './admin-cli';

/** Subjects of the outbox messages to an address, oldest first. */
const mailSubjectsTo = (address: string) =>
  outboxMails()
    .filter((m) => m.to === address)
    .map((m) => m.subject);

const SHOTS = 'test-results/two-factor-screens';

async function shoot(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function logIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
}

// Each journey also runs the CLI (a fresh Node process) and several axe scans.
test.describe.configure({ timeout: 120_000 });

const dashboard = (page: Page) => page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });

test('two-factor login: enrol, log in with a code and with a recovery code, turn it off', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  // Its own admin, made with the CLI while the site runs: the shared e2e owner stays without two-factor.
  const username = `twofactor${Date.now()}`;
  const password = 'two-Factor-Pass-1';
  expect(adminCli('create', username, `${username}@studio.test`, password)).toContain(`Created admin "${username}"`);

  await gotoHydrated(page, '/manage');
  await logIn(page, username, password);
  await expect(dashboard(page)).toBeVisible();

  // Enrol from the account menu.
  await page.getByRole('button', { name: `Account menu for ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Two-factor authentication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
  await expect(dialog.getByRole('img', { name: 'QR code that adds this account to an authenticator app' })).toBeVisible();
  const key = (await dialog.getByTestId('two-factor-key').textContent())!;
  expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const secret = key.replace(/ /g, '');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'enrol-scan');

  await dialog.getByLabel('6-digit code').fill('000000');
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByText('That code is not valid. Check your authenticator app and try again.')).toBeVisible();
  const enrolStep = totpStep(new Date());
  await dialog.getByLabel('6-digit code').fill(totpCode(secret, enrolStep));
  await dialog.getByRole('button', { name: 'Turn on' }).click();

  const codesList = dialog.getByRole('list', { name: 'Recovery codes' });
  await expect(codesList.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await codesList.getByRole('listitem').allTextContents()).map((code) => code.trim());
  for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
  await expect(dialog.getByRole('button', { name: 'Copy codes' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('admin-recovery-codes.txt');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'enrol-recovery-codes');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  const email = `${username}@studio.test`;
  await expect.poll(() => mailSubjectsTo(email)).toEqual(['Two-factor authentication was turned on']);

  // The password alone no longer signs in: the code step follows, and a code from the app completes it.
  await logOut(page);
  await logIn(page, username, password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toBeFocused();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'login-code-step');
  // The next step's code: accepted (one step of drift is allowed) and newer than the one used to enrol.
  await page.getByLabel('Authentication code').fill(totpCode(secret, Math.max(totpStep(new Date()), enrolStep) + 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(dashboard(page)).toBeVisible();

  // A recovery code instead of the app.
  await logOut(page);
  await logIn(page, username, password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'login-recovery-step');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(dashboard(page)).toBeVisible();
  await expect.poll(() => mailSubjectsTo(email)).toContain('A recovery code was used to sign in');

  // The same recovery code again is named as spent, not as a wrong app code.
  await logOut(page);
  await logIn(page, username, password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText('This recovery code has already been used. Enter another one, or a code from your authenticator app.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'login-recovery-used');
  await page.getByLabel('Recovery code').fill(recoveryCodes[2]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(dashboard(page)).toBeVisible();

  // Turn it off with the password and another recovery code.
  await page.getByRole('button', { name: `Account menu for ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Two-factor authentication' }).click();
  await expect(dialog.getByText('On, with 8 unused recovery codes.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'disable');
  await dialog.getByLabel('Current password').fill(password);
  await dialog.getByLabel('Authentication or recovery code').fill(recoveryCodes[1]!);
  await dialog.getByRole('button', { name: 'Turn off two-factor' }).click();
  await expect(page.getByText('Two-factor authentication off', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => mailSubjectsTo(email)).toContain('Two-factor authentication was turned off');

  await logOut(page);
  await logIn(page, username, password);
  await expect(dashboard(page)).toBeVisible();
  expect(cspErrors).toEqual([]);
});

test('reset-2fa from the CLI lets an owner who lost the app log in with the password', async ({ page }) => {
  const username = `lostphone${Date.now()}`;
  const password = 'lost-Phone-Pass-1';
  adminCli('create', username, `${username}@studio.test`, password);
  await gotoHydrated(page, '/manage');
  await logIn(page, username, password);
  await expect(dashboard(page)).toBeVisible();
  // Enrolled through the API with the browser's session (the journey above covers the dialog).
  const headers = { Origin: new URL(page.url()).origin };
  const setup = await page.request.post('/api/admin/two-factor/setup', { headers });
  const { secret } = (await setup.json()) as { secret: string };
  const confirm = await page.request.post('/api/admin/two-factor/confirm', {
    headers,
    data: { code: totpCode(secret, totpStep(new Date())) },
  });
  expect(confirm.status()).toBe(200);
  await logOut(page);

  expect(adminCli('reset-2fa', username)).toContain(`Two-factor login of "${username}" is off`);
  await logIn(page, username, password);
  await expect(dashboard(page)).toBeVisible();
});
