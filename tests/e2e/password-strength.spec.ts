import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { latestMailTo } from './outbox';
import { expectNoSeriousA11yViolations, gotoHydrated } from './support';
import { adminCli, adminCliResult } from './admin-cli';

const SHOTS = 'test-results/password-strength-screens';

async function shoot(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Signs in through the form and waits for the server's answer, so a refusal fails here with its status. */
async function logIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  expect((await answer).status()).toBe(200);
}

const dashboard = (page: Page) => page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });
const COMMON = 'This is one of the most common passwords. Add a few more words.';
const STRONG = 'velvet tractor oyster lamp';

// Each journey also runs the CLI (a fresh Node process) and several axe scans.
test.describe.configure({ timeout: 120_000 });

test('the change-password form rates the password as it is typed and refuses a weak one with the reason', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const username = `strength${Date.now()}`;
  const password = 'first-Strength-Pass-1';
  // The CLI refuses a common password on one line and changes nothing.
  const refused = adminCliResult('create', username, `${username}@studio.test`, 'password');
  expect(refused.status).toBe(1);
  expect(refused.stderr.trim()).toBe(`Weak password: ${COMMON}`);
  expect(adminCli('create', username, `${username}@studio.test`, password)).toContain(`Created admin "${username}"`);

  await gotoHydrated(page, '/manage');
  await logIn(page, username, password);
  await expect(dashboard(page)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: `Account menu for ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  const meter = dialog.getByRole('meter', { name: 'Password strength' });
  const words = dialog.locator('#new-password-strength');
  const newPassword = dialog.getByLabel('New password', { exact: true });

  // Typed key by key, the meter and its words follow.
  await newPassword.pressSequentially('password');
  await expect(meter).toHaveAttribute('aria-valuetext', 'Too weak');
  await expect(words).toHaveText(`Password strength: Too weak. ${COMMON}`);
  await expect(words).toHaveAttribute('aria-live', 'polite');
  await expect(newPassword).toHaveAccessibleDescription(`Password strength: Too weak. ${COMMON}`);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'change-password-too-weak');

  await newPassword.fill('');
  await newPassword.pressSequentially('velvet');
  await expect(meter).not.toHaveAttribute('aria-valuenow', '4');
  const oneWord = Number(await meter.getAttribute('aria-valuenow'));
  await newPassword.pressSequentially(' tractor oyster lamp');
  await expect(meter).toHaveAttribute('aria-valuetext', 'Strong');
  await expect(meter).toHaveAttribute('aria-valuenow', '4');
  expect(oneWord).toBeLessThan(3);
  await expect(words).toHaveText('Password strength: Strong.');
  await expect(dialog.locator('[data-filled]')).toHaveCount(5);
  await shoot(page, 'change-password-strong');

  // A weak password is refused with the reason under the field; nothing is sent, the dialog stays.
  await dialog.getByLabel('Current password').fill(password);
  await newPassword.fill('12345678');
  await dialog.getByLabel('Confirm new password').fill('12345678');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(COMMON);
  await expect(meter).toHaveAttribute('aria-valuetext', 'Too weak');
  // The reason is said once, under the field; the meter keeps its word.
  await expect(words).toHaveText('Password strength: Too weak.');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'change-password-refused');

  // A strong one goes through, and signs in from then on; the refusal of the old one goes as it is edited.
  await newPassword.fill(STRONG);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByLabel('Confirm new password').fill(STRONG);
  // The server's first password check loads zxcvbn's word lists: its answer is waited for, then the toast.
  const changed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/change-password');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  expect((await changed).status()).toBe(200);
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await logIn(page, username, STRONG);
  await expect(dashboard(page)).toBeVisible({ timeout: 30_000 });
});

test('the reset-password page rates the password too and keeps the link for a strong one', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const username = `strengthreset${Date.now()}`;
  const email = `${username}@studio.test`;
  adminCli('create', username, email, 'first-Strength-Pass-2');
  const since = Date.now() - 1000;
  await gotoHydrated(page, '/manage');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const mail = await latestMailTo(email, since, /^Reset your admin password$/);
  const link = mail.text.match(/https?:\/\/\S+\/manage\/reset-password\?token=\S+/)![0];

  await gotoHydrated(page, link);
  const meter = page.getByRole('meter', { name: 'Password strength' });
  await page.getByLabel('New password', { exact: true }).pressSequentially('ATL Audio Mastering123');
  await expect(meter).not.toHaveAttribute('aria-valuetext', 'Not rated yet');
  await expect(page.locator('#new-password-strength')).toContainText('the studio’s name');
  await page.getByLabel('Confirm new password').fill('ATL Audio Mastering123');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert')).toContainText('the studio’s name');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'reset-password-refused');

  await page.getByLabel('New password', { exact: true }).fill(STRONG);
  await page.getByLabel('Confirm new password').fill(STRONG);
  await expect(meter).toHaveAttribute('aria-valuetext', 'Strong');
  // The refusal was about the old password: it goes as soon as the field is edited.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await shoot(page, 'reset-password-strong');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
});
