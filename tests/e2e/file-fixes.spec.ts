import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { latestMailTo, ownerApi, signInLinkOf } from './outbox';
import { pcmWav, uploadIntoProject } from './project-files';
import { expectNoSeriousA11yViolations } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

async function shoot(page: Page, region: string, name: string) {
  if (!SHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('region', { name: region }).screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function ownerPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const login = await context.request.post('/api/admin/login', {
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
    headers: { Origin: baseURL },
  });
  expect(login.ok()).toBe(true);
  return context;
}

test('a client files a stem under another category and removes a file sent by mistake; the owner reads both in the log', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const clientEmail = `fixes-${Date.now()}@example.test`;
  const owner = await ownerApi(playwright, baseURL!);
  const created = await owner.post('/api/admin/projects', {
    data: { title: 'Fix My Files', clientName: 'Ana Fixer', clientEmail, packageKey: 'standard' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const invitedAt = Date.now() - 1000;
  expect((await owner.post(`/api/admin/projects/${id}/invite`)).status()).toBe(202);

  // The client signs in with the e-mail's link and sends two files with that session: a kick filed as
  // a reference by mistake, and a stray snare. Then the page, with the same session.
  const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const signedIn = await client.get(signInLinkOf(await latestMailTo(clientEmail, invitedAt, /project space/)), { maxRedirects: 0 });
  expect(signedIn.status()).toBe(303);
  const wav = pcmWav({ seconds: 0.5, sampleRate: 48_000, bitDepth: 24, channels: 1, peak: 0.3 });
  for (const [name, category] of [
    ['kick.wav', 'reference'],
    ['snare.wav', 'stems'],
  ]) {
    await uploadIntoProject(client, id, `/api/portal/projects/${id}/files`, { name: name!, body: wav, category });
  }
  await page.context().addCookies((await client.storageState()).cookies);
  await client.dispose();
  // The studio has started: the files are fresh, so they are still the client's to fix.
  expect((await owner.patch(`/api/admin/projects/${id}`, { data: { status: 'in_progress' } })).status()).toBe(200);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/portal/projects/${id}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const files = page.getByRole('region', { name: 'Your files' });
  const category = files.getByRole('combobox', { name: 'Category of kick.wav' });
  await expect(category).toHaveValue('reference');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'Your files', 'fixfiles-portal-files');

  await category.selectOption('stems');
  await expect(page.getByText('kick.wav is now under Stems.', { exact: true })).toBeVisible();
  await expect(category).toHaveValue('stems');
  await files.getByRole('button', { name: 'Remove snare.wav' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove snare.wav?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(files.getByText('snare.wav')).toHaveCount(0);
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity).toContainText('Removed snare.wav');
  await expect(activity).toContainText('Moved kick.wav from Reference track to Stems');

  // The owner sees both changes in the project's log, with the client named; the files table offers the same fixes.
  const context = await ownerPage(browser, baseURL!);
  const studio = await context.newPage();
  await studio.goto(`/manage/projects/${id}`);
  const log = studio.getByRole('region', { name: 'Activity' });
  await expect(log.getByText('Moved kick.wav from Reference track to Stems')).toBeVisible({ timeout: 30_000 });
  await expect(log.getByRole('listitem').filter({ hasText: 'Removed snare.wav' })).toContainText('Ana Fixer');
  const clientFiles = studio.getByRole('region', { name: 'Files from the client' });
  await expect(clientFiles.getByRole('combobox', { name: 'Category of kick.wav' })).toHaveValue('stems');
  await expect(clientFiles.getByRole('button', { name: 'Remove kick.wav' })).toBeVisible();
  await shoot(studio, 'Files from the client', 'fixfiles-admin-files');
  await context.close();
  await owner.dispose();
});
