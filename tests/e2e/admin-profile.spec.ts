import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { outboxMails } from './outbox';
import { expectNoSeriousA11yViolations, gotoHydrated } from './support';
import { adminCli } from './admin-cli';

/** Subjects of the outbox messages to an address written since a moment. */
function mailSubjectsTo(address: string, since: number): string[] {
  return outboxMails()
    .filter((m) => m.to === address && new Date(m.createdAt).getTime() >= since)
    .map((m) => m.subject);
}

const SHOTS = 'test-results/admin-profile-screens';

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

// Each journey also runs the CLI (a fresh Node process) and several axe scans.
test.describe.configure({ timeout: 120_000 });

const dashboard = (page: Page) => page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });

test('the owner sets their own e-mail, display name and username from the account menu, then logs in with the new username', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  // Its own admin, made with the CLI while the site runs: the shared e2e owner keeps its name for the other specs.
  const username = `firstrun${Date.now()}`;
  const password = 'first-Run-Pass-1';
  const newUsername = `${username}-studio`;
  const newEmail = `${username}@owner.example`;
  expect(adminCli('create', username, `${username}@localhost.localdomain`, password)).toContain(`Created admin "${username}"`);

  await gotoHydrated(page, '/manage');
  await logIn(page, username, password);
  await expect(dashboard(page)).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: `Account menu for ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile' });
  await expect(dialog.getByLabel('Username')).toHaveValue(username);
  await expect(dialog.getByLabel('E-mail')).toHaveValue(`${username}@localhost.localdomain`);
  await expectNoSeriousA11yViolations(page);

  // Another admin's username (in other letters) and a wrong password are refused next to their fields.
  await dialog.getByLabel('Username').fill('OWNER');
  await dialog.getByLabel('Current password').fill(password);
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(dialog.getByText('Another admin already has this username')).toBeVisible();
  await dialog.getByLabel('Username').fill(newUsername);
  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
  // A bad address is caught by the shared schema before anything is sent.
  await dialog.getByLabel('E-mail').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(dialog.getByText('Valid email is required')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Display name (optional)').fill('Alex Rivera');
  await dialog.getByLabel('E-mail').fill(newEmail);
  await dialog.getByLabel('Current password').fill(password);
  await shoot(page, 'profile-dialog');
  const since = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The header follows at once, without a reload.
  const menu = page.getByRole('button', { name: 'Account menu for Alex Rivera' });
  await expect(menu).toBeVisible();
  await menu.click();
  await expect(page.getByRole('menu')).toContainText(newEmail);
  await expect(page.getByRole('menu')).toContainText(`Alex Rivera (${newUsername})`);
  await shoot(page, 'account-menu-display-name');
  await page.keyboard.press('Escape');

  // The old address is told; "Forgot password" now reaches the new one.
  await expect.poll(() => mailSubjectsTo(`${username}@localhost.localdomain`, since)).toContain('Your admin e-mail address was changed');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await logIn(page, username, password);
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await logIn(page, newUsername, password);
  await expect(dashboard(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Account menu for Alex Rivera' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect.poll(() => mailSubjectsTo(newEmail, since)).toContain('Reset your admin password');
});

test('demo samples read as ordinary samples to visitors and carry a Demo badge with the hint only in the admin', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.goto('/samples');
  await expect(page.getByRole('article', { name: 'Demo: Midnight Groove' })).toContainText('A late-night hip-hop groove');
  for (const card of await page.getByRole('article').all()) await expect(card).not.toContainText(/replace|admin|first start/i);

  const username = `demoviewer${Date.now()}`;
  const password = 'demo-Viewer-Pass-1';
  adminCli('create', username, `${username}@studio.test`, password);
  await gotoHydrated(page, '/manage');
  await logIn(page, username, password);
  await expect(dashboard(page)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Manage Samples', exact: true }).click();
  const card = page.getByRole('article', { name: 'Demo: Midnight Groove' });
  await expect(card.getByText('Demo', { exact: true })).toBeVisible();
  await expect(card).toContainText('replace it with your own work');
  await card.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'manage-demo-badge');
});
