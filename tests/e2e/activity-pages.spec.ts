import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { latestMailTo, ownerApi, signInLinkOf } from './outbox';
import { pcmWav, uploadIntoProject } from './project-files';
import { gotoHydrated } from './support';

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

/** Decision 085: downloads again count on one entry; the log shows its newest entries and "Show older" the rest. */
test('a long log: the newest entries, then older ones with the keyboard; three downloads read as one entry', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const clientEmail = `log-${Date.now()}@example.test`;
  const owner = await ownerApi(playwright, baseURL!);
  const created = await owner.post('/api/admin/projects', {
    data: { title: 'Long Log', clientName: 'Lou Log', clientEmail, packageKey: 'standard' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const invitedAt = Date.now() - 1000;
  expect((await owner.post(`/api/admin/projects/${id}/invite`)).status()).toBe(202);
  const wav = pcmWav({ seconds: 0.2, sampleRate: 48_000, bitDepth: 24, channels: 1, peak: 0.3 });
  const master = await uploadIntoProject(owner, id, `/api/admin/projects/${id}/deliveries`, { name: 'mix.wav', body: wav });

  const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const signedIn = await client.get(signInLinkOf(await latestMailTo(clientEmail, invitedAt, /project space/)), { maxRedirects: 0 });
  expect(signedIn.status()).toBe(303);
  for (let i = 0; i < 3; i += 1) expect((await client.get(`/api/portal/projects/${id}/files/${master.id}/download`)).status()).toBe(200);
  // Then more than a page of newer entries.
  for (let i = 0; i < 55; i += 1) {
    expect((await client.patch(`/api/portal/projects/${id}`, { data: { clientNotes: `Note ${i}` } })).status()).toBe(200);
  }
  await page.context().addCookies((await client.storageState()).cookies);
  await client.dispose();

  await gotoHydrated(page, `/portal/projects/${id}`);
  const log = page.getByRole('region', { name: 'Activity' });
  await expect(log.getByRole('listitem')).toHaveCount(50);
  await expect(log).not.toContainText('Downloaded mix.wav');
  const older = log.getByRole('button', { name: 'Show older' });
  await older.focus();
  await page.keyboard.press('Enter');
  // The first entry the page added takes the focus; the whole log is there, and the button is gone.
  await expect(log.getByRole('listitem').nth(50)).toBeFocused();
  await expect(log).toContainText('Downloaded mix.wav (3 times)');
  await expect(log).toContainText('last at');
  await expect(older).toHaveCount(0);
  await expect(log.getByRole('status')).toContainText('older entries shown: this is the start of the log');
  await log.getByText('Downloaded mix.wav (3 times)').scrollIntoViewIfNeeded();
  await shoot(page, 'Activity', 'activity-portal');

  // The studio's side: the same entry, after one click.
  const studio = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const login = await studio.request.post('/api/admin/login', {
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
    headers: { Origin: baseURL! },
  });
  expect(login.ok()).toBe(true);
  const admin = await studio.newPage();
  await gotoHydrated(admin, `/manage/projects/${id}`);
  const adminLog = admin.getByRole('region', { name: 'Activity' });
  await adminLog.getByRole('button', { name: 'Show older' }).click();
  await expect(adminLog).toContainText('Downloaded mix.wav (3 times)');
  await shoot(admin, 'Activity', 'activity-admin');
  await studio.close();
});
