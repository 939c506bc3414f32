import { expect, test, type Locator, type Page } from '@playwright/test';
import { latestMailTo, ownerApi, signInLinkOf } from './outbox';
import { pcmWav, uploadIntoProject } from './project-files';
import { gotoHydrated } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

/** The end of the log and what is below it, at both widths. */
async function shoot(page: Page, around: Locator, name: string) {
  if (!SHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await around.scrollIntoViewIfNeeded();
    const box = (await around.boundingBox())!;
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, clip: { x: 0, y: Math.max(0, box.y - 360), width, height: 480 } });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * Decision 085: downloads again count on one entry; the log shows its newest entries and "Show older" the rest.
 * The admin's log is the same hook and button (app/features/activity/).
 */
test('a long log: the newest entries, then older ones with the keyboard; three downloads read as one entry', async ({
  page,
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
  for (let batch = 0; batch < 5; batch += 1) {
    const notes = Array.from({ length: 11 }, (_, i) =>
      client.patch(`/api/portal/projects/${id}`, { data: { clientNotes: `Note ${batch}.${i}` } }),
    );
    for (const answer of await Promise.all(notes)) expect(answer.status()).toBe(200);
  }
  await page.context().addCookies((await client.storageState()).cookies);
  await client.dispose();

  await gotoHydrated(page, `/portal/projects/${id}`);
  const log = page.getByRole('region', { name: 'Activity' });
  await expect(log.getByRole('listitem')).toHaveCount(50);
  await expect(log).not.toContainText('Downloaded mix.wav');
  const older = log.getByRole('button', { name: 'Show older' });
  await shoot(page, older, 'activity-portal-more');
  await older.focus();
  await page.keyboard.press('Enter');
  // The first entry the page added takes the focus; the whole log is there, and the button is gone.
  await expect(log.getByRole('listitem').nth(50)).toBeFocused();
  await expect(log).toContainText('Downloaded mix.wav (3 times)');
  await expect(log).toContainText('last at');
  await expect(older).toHaveCount(0);
  await expect(log.getByRole('status')).toContainText('older entries shown: this is the start of the log');
  await shoot(page, log.getByText('Created the project'), 'activity-portal-all');
});
