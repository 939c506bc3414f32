import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { makeWav } from './admin-dashboard-files';
import { expectNoSeriousA11yViolations, gotoHydrated } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;
const MESSAGE = 'Your session has ended. Please log in again.';
const TEMPORARY_PASSWORD = 'e2e-Elsewhere-456';

const sessionDialog = (page: Page) => page.getByRole('dialog', { name: 'Log in to continue' });
const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notification/ })
    .locator('li')
    .first();
const manageCard = (page: Page, title: string) =>
  page.locator('article', { has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

async function openDashboard(page: Page) {
  await gotoHydrated(page, '/manage');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByTestId('samples-total')).toHaveText(/^\d+ samples total$/);
}

/** A second browser (its own cookies), signed in as the owner, as another device would be. */
async function elsewhere(playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } }, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const login = await api.post('/api/admin/login', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
  expect(login.ok()).toBe(true);
  return api;
}

/** The owner changes the password on another device and back: every other session has ended. */
async function changePasswordElsewhere(api: APIRequestContext) {
  const change = (currentPassword: string, newPassword: string) =>
    api.post('/api/admin/change-password', { data: { currentPassword, newPassword } });
  expect((await change(E2E_ADMIN.password, TEMPORARY_PASSWORD)).ok()).toBe(true);
  expect((await change(TEMPORARY_PASSWORD, E2E_ADMIN.password)).ok()).toBe(true);
}

async function logInAgain(page: Page) {
  const dialog = sessionDialog(page);
  await dialog.getByLabel('Username').fill(E2E_ADMIN.username);
  await dialog.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

async function expectSessionEndedView(page: Page, shot: string) {
  const dialog = sessionDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(MESSAGE);
  await expect(dialog.getByText(MESSAGE, { exact: true })).toBeVisible();
  // Focus is in the login form, and stays in the dialog.
  await expect(dialog.getByLabel('Username')).toBeFocused();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  // Escape does not put it away: behind it, the dashboard waits for the login.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  // The dashboard is still there underneath (hidden from assistive technology meanwhile).
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard', includeHidden: true })).toBeAttached();
  await expectNoSeriousA11yViolations(page);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${shot}.png` });
  }
}

test.describe('an ended admin session', () => {
  test.describe.configure({ mode: 'serial' });

  test('the edit dialog keeps what was typed through the login, and the save then goes through', async ({ page, playwright, baseURL }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openDashboard(page);
    await page.getByRole('tab', { name: 'Manage Samples', exact: true }).click();
    const card = page.locator('article[aria-labelledby^="manage-sample-"]').first();
    const title = (await card.getByRole('heading', { level: 3 }).textContent())!;
    const edit = page.getByRole('dialog', { name: 'Edit Sample' });
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const description = edit.getByLabel('Description');
    const original = await description.inputValue();
    const typed = `Re-mastered after the session had ended ${Date.now()}.`;
    await description.fill(typed);

    // The dashboard's background polls (inbox, plays) would meet the ended session too, and on a slow
    // machine sooner than the click: held here, so the save is the first request to meet it.
    const backgroundPolls = /\/api\/(contact-submissions\/feed|samples\/plays)/;
    await page.route(backgroundPolls, () => {});
    const other = await elsewhere(playwright, baseURL!);
    try {
      await changePasswordElsewhere(other);
      const refused = page.waitForResponse((response) => /\/api\/samples\/\d+$/.test(response.url()) && response.status() === 401);
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await refused;
      await expectSessionEndedView(page, 'session-ended-edit-1440');
      // No generic failure, and the typed text is still in the (waiting) form.
      await expect(page.getByText('Failed to update sample')).toHaveCount(0);
      await expect(page.locator('#edit-sample-description')).toHaveValue(typed);

      await logInAgain(page);
      await expect(toast(page)).toContainText('Sample updated successfully');
      await expect(edit).toHaveCount(0);
      await expect(manageCard(page, title)).toContainText(typed);
      await page.unroute(backgroundPolls);
      await page.reload();
      await page.getByRole('tab', { name: 'Manage Samples', exact: true }).click();
      await expect(manageCard(page, title)).toContainText(typed);
    } finally {
      // Put the description back, so the other journeys see the seeded site.
      const samples = (await (await other.get('/api/samples')).json()) as Array<Record<string, unknown>>;
      const stored = samples.find((item) => item.title === title);
      if (stored) {
        const payload: Record<string, unknown> = { description: original || undefined };
        for (const key of ['title', 'audioUrl', 'artist', 'genre', 'duration', 'coverImageUrl'])
          if (stored[key]) payload[key] = stored[key];
        expect((await other.put(`/api/samples/${String(stored.id)}`, { data: payload })).ok()).toBe(true);
      }
      await other.post('/api/admin/logout');
      await other.dispose();
    }
  });

  test('an upload attempt after the session ended asks to log in, then the upload goes on', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await openDashboard(page);
    const before = Number((await page.getByTestId('samples-total').textContent())?.split(' ')[0]);
    const title = `E2E Session Song ${Date.now()}`;
    await page.getByLabel('Song Title').fill(title);

    // Logout in another tab of this browser: the same cookie, now without a session.
    expect((await page.context().request.post('/api/admin/logout', { headers: { Origin: baseURL! } })).ok()).toBe(true);

    // The upload starts as the file is chosen.
    await page.getByTestId('audio-file-input').setInputFiles({ name: 'session.wav', mimeType: 'audio/wav', buffer: makeWav(2) });

    await expectSessionEndedView(page, 'session-ended-upload-390');
    await expect(page.getByText(/Failed to upload/)).toHaveCount(0);

    await logInAgain(page);
    await expect(page.getByText('Audio file uploaded', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/Failed to upload/)).toHaveCount(0);
    await expect(page.getByLabel('Song Title')).toHaveValue(title);
    await page.getByRole('button', { name: 'Create Sample' }).click();
    await expect(toast(page)).toContainText('Sample created successfully');
    await expect(page.getByTestId('samples-total')).toHaveText(`${before + 1} samples total`);

    const created = ((await (await page.request.get('/api/samples')).json()) as Array<{ id: number; title: string }>).find(
      (item) => item.title === title,
    );
    expect((await page.request.delete(`/api/samples/${created!.id}`, { headers: { Origin: baseURL! } })).ok()).toBe(true);
  });

  test('a session that ends while the file is on its way: the registration waits for the login, then completes', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await openDashboard(page);
    // The bytes go to the signed part URL (no session needed); meanwhile, a logout in another tab. The
    // upload's next call (completing the parts, then the registration) meets the ended session.
    await page.route('**/objects/multipart/**', async (route) => {
      if (route.request().method() === 'PUT') await page.context().request.post('/api/admin/logout', { headers: { Origin: baseURL! } });
      await route.continue();
    });
    const refused = page.waitForResponse((response) => /\/api\/(uploads|audio-files)/.test(response.url()) && response.status() === 401);
    await page.getByTestId('audio-file-input').setInputFiles({ name: 'late.wav', mimeType: 'audio/wav', buffer: makeWav(1) });
    await refused;
    await expect(sessionDialog(page)).toBeVisible();
    await expect(page.getByText('Audio file uploaded (with limited access)')).toHaveCount(0);

    await page.unroute('**/objects/multipart/**');
    await logInAgain(page);
    await expect(toast(page)).toContainText('Audio file uploaded and configured successfully');
    await expect(page.getByText('Audio file uploaded', { exact: true })).toBeVisible();
  });
});
