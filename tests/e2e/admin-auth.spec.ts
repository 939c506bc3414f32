import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { latestMailTo } from './outbox';
import { expectNoSeriousA11yViolations } from './support';
import { adminCli } from './admin-cli';

async function logIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('admin accounts', () => {
  test('the owner logs in, sees the Admin link, and logs out', async ({ page }) => {
    await page.goto('/manage');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(mainNav(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Client-side validation with the spec's messages (no request, so no failed-login count).
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    // The show/hide toggle reveals the password and hides it again.
    const password = page.getByLabel('Password', { exact: true });
    await password.fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await logIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(page.getByText('Login successful', { exact: true })).toBeVisible();
    await expect(page.getByText('Welcome to the admin panel.', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Admin' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The session survives a full page load and is visible on public pages.
    await page.goto('/');
    await expect(mainNav(page).getByRole('link', { name: 'Admin' })).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Admin' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    // The link loads a whole document: the menu opens once React has hydrated it (a click before is lost).
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

    // The account menu opens the change-password dialog.
    await page.getByRole('button', { name: `Account menu for ${E2E_ADMIN.username}` }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await expect(page.getByRole('dialog', { name: 'Change password' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('You have been successfully logged out.', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('forgot password: the e-mailed link sets a new password that then logs in', async ({ page }) => {
    // A second account made with the CLI while the site runs, so the owner's password stays as other specs expect.
    const username = `resetter${Date.now()}`;
    const email = `${username}@studio.test`;
    expect(adminCli('create', username, email, 'first-Password-1')).toContain(`Created admin "${username}"`);
    const since = Date.now() - 1000;

    await page.goto('/manage');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Reset email sent', { exact: true })).toBeVisible();
    await expect(
      page.getByText('If an account with that email exists, a password reset link has been sent.', { exact: true }),
    ).toBeVisible();

    const mail = await latestMailTo(email, since, /^Reset your admin password$/);
    const link = mail.text.match(/https?:\/\/\S+\/manage\/reset-password\?token=\S+/)?.[0];
    expect(link, mail.text).toBeTruthy();
    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('New password', { exact: true }).fill('second-Password-2');
    await page.getByLabel('Confirm new password').fill('does-not-match');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('second-Password-2');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    await page.getByRole('link', { name: 'Go to Login' }).click();
    await logIn(page, username, 'second-Password-2');
    // The dashboard's first render fetches much at once: on a busy machine it takes longer than the default wait.
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();

    // The link works once.
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('third-Password-3');
    await page.getByLabel('Confirm new password').fill('third-Password-3');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByText('This reset link is invalid or has expired. Please request a new one.')).toBeVisible();
  });
});
