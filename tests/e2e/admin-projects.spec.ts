import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { signInLinkTo } from './outbox';
import { expectNoSeriousA11yViolations } from './support';
import { pcmWav, uploadIntoProject } from './project-files';
import { signInAsOwner, DASHBOARD_HYDRATION_TIMEOUT } from './support.ts';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;
const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

const card = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^${label}`) });
const cardValue = async (page: Page, label: string) => {
  const value = card(page, label).locator('.tabular-nums');
  await expect(value).toHaveText(/^\d+$/, { timeout: DASHBOARD_HYDRATION_TIMEOUT });
  return Number(await value.textContent());
};
const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notification/ })
    .locator('li')
    .first();
const section = (page: Page, title: string): Locator => page.getByRole('region', { name: title });

/** From the top: the area scrolls itself into view, and a full-page shot would show the sticky header mid-page. */
async function fullPageShot(page: Page, file: string) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: file, fullPage: true });
}

test('the owner makes a project from an enquiry, runs it and invites the client; the area is accessible at 390 and 1440 px', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const stamp = Date.now();
  const client = {
    name: `Rae Project ${stamp}`,
    email: `rae+${stamp}@example.com`,
    message: `Mix and master my single, stems ready. Ref ${stamp}`,
  };
  const sent = await page.request.post('/api/contact', { data: client, headers: { Origin: baseURL! } });
  expect(sent.status()).toBe(201);

  await signInAsOwner(page, '/manage');
  const activeBefore = await cardValue(page, 'Active projects');
  const dueBefore = await cardValue(page, 'Due this week');

  // One click from the message in the inbox: the dialog opens prefilled.
  await page.getByRole('tab', { name: 'Contact Submissions' }).click();
  const message = page.locator('article', { has: page.getByRole('heading', { name: client.name }) });
  await message.getByRole('button', { name: new RegExp(`^${client.name}`) }).click();
  await message.getByRole('button', { name: `Create project for ${client.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await expect(dialog.getByLabel('Title')).toHaveValue(`${client.name}'s project`);
  await expect(dialog.getByLabel('Client e-mail')).toHaveValue(client.email);
  await expect(dialog.getByLabel('Notes')).toHaveValue(client.message);
  await expect(dialog.getByLabel('Package').locator('option')).toContainText(['Intro Special ($75)', 'Standard Mix & Master ($150)']);
  await dialog.getByLabel('Package').selectOption('premium');
  await expect(dialog.getByLabel('Agreed price ($)')).toHaveValue('350');
  // The server's refusal lands under its field.
  await dialog.getByLabel('Client e-mail').fill('not an address');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByText('Enter a valid e-mail address')).toBeVisible();
  await dialog.getByLabel('Client e-mail').fill(client.email);
  await dialog.getByLabel('Due date').fill(day(3));
  if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/manage-new-project-dialog.png` });
  await dialog.getByRole('button', { name: 'Create project' }).click();

  // The new project's page, at its own address.
  await expect(page).toHaveURL(/\/manage\/projects\/\d+$/);
  const projectId = Number(page.url().split('/').at(-1));
  const title = `${client.name}'s project`;
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Projects' })).toHaveAttribute('aria-selected', 'true');
  await expect(card(page, 'Active projects').locator('.tabular-nums')).toHaveText(String(activeBefore + 1));
  await expect(card(page, 'Due this week').locator('.tabular-nums')).toHaveText(String(dueBefore + 1));
  await expect(section(page, 'Activity')).toContainText('Created the project from a contact enquiry');

  // The enquiry is now in progress.
  await page.getByRole('tab', { name: 'Contact Submissions' }).click();
  await expect(page).toHaveURL(/\/manage$/);
  await expect(message.locator('[data-status]')).toHaveText('In progress');

  // The Active projects card opens the list, where the project is.
  await card(page, 'Active projects').click();
  await expect(page).toHaveURL(/\/manage\/projects$/);
  await expect(page.getByLabel('Show')).toHaveValue('active');
  const row = page.locator('article', { has: page.getByRole('link', { name: title }) });
  await expect(row).toContainText('Awaiting files');
  await expect(row).toContainText('Premium Package');
  await expect(row).toContainText('0 files · 0 deliveries');
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/projects/${projectId}$`));

  // Status, one step of the process.
  await page.getByLabel('Status').selectOption('in_progress');
  await expect(toast(page)).toContainText('Status updated');
  await expect(section(page, 'Activity')).toContainText('In progress');

  // Invite the client: the e-mail lands in the outbox with a sign-in link.
  await section(page, 'Client access').getByRole('button', { name: 'Invite client' }).click();
  await expect(toast(page)).toContainText(`A sign-in link is on its way to ${client.email}`);
  await expect(section(page, 'Client access')).toContainText('Invited');
  await expect(section(page, 'Client access').getByRole('button', { name: 'Send a new link' })).toBeVisible();
  await expect.poll(() => signInLinkTo(client.email), { timeout: 10_000 }).toContain(`project=${projectId}`);

  // The studio delivers a first master; then the client signs in from the e-mail and sends stems (one the studio's rules warn about).
  const link = new URL(signInLinkTo(client.email)!);
  const portal = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  try {
    expect((await portal.get(`${link.pathname}${link.search}`, { maxRedirects: 0 })).status()).toBe(303);
    const files = `/api/portal/projects/${projectId}/files`;
    const stem = { seconds: 2, sampleRate: 48_000, channels: 2, peak: 0.25 } as const;
    expect((await admin.post('/api/admin/login', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } })).ok()).toBe(
      true,
    );
    await uploadIntoProject(admin, projectId, `/api/admin/projects/${projectId}/deliveries`, {
      name: 'Master v1.wav',
      body: pcmWav({ ...stem, bitDepth: 24, peak: 0.9 }),
    });
    await uploadIntoProject(portal, projectId, files, {
      name: 'Lead vocal.wav',
      body: pcmWav({ ...stem, bitDepth: 24 }),
      category: 'stems',
    });
    await uploadIntoProject(portal, projectId, files, { name: 'Drums.wav', body: pcmWav({ ...stem, bitDepth: 24 }), category: 'stems' });
    await uploadIntoProject(portal, projectId, files, {
      name: 'Bass DI.wav',
      body: pcmWav({ ...stem, sampleRate: 44_100, bitDepth: 16 }),
      category: 'stems',
    });
    await uploadIntoProject(portal, projectId, files, {
      name: 'Reference.wav',
      body: pcmWav({ ...stem, bitDepth: 16 }),
      category: 'reference',
    });
  } finally {
    await portal.dispose();
  }

  // The page shows the files with their analysis (it asks again while any is pending) and the warnings.
  await page.reload();
  const clientFiles = section(page, 'Files from the client');
  await expect(clientFiles).toContainText('Bass DI.wav', { timeout: DASHBOARD_HYDRATION_TIMEOUT });
  await expect(clientFiles.getByText('Checking…')).toHaveCount(0, { timeout: 30_000 });
  const bass = clientFiles.getByRole('row', { name: /Bass DI\.wav/ });
  await expect(bass).toContainText('16-bit');
  await expect(bass).toContainText('44.1 kHz');
  await expect(clientFiles.getByText(/16-bit: we ask for 24-bit/).first()).toBeVisible();
  await expect(clientFiles.getByText(/do not share one sample rate/)).toBeVisible();
  await expect(clientFiles.getByRole('link', { name: 'Download all stems (ZIP)' })).toHaveAttribute(
    'href',
    `/api/admin/projects/${projectId}/files.zip?side=client`,
  );
  const download = await page.request.get((await clientFiles.getByRole('link', { name: 'Download Lead vocal.wav' }).getAttribute('href'))!);
  expect(download.status()).toBe(200);
  await expect(section(page, 'Deliveries')).toContainText('Master v1.wav');

  // Waiting for the studio: the client sent files since the studio's last change.
  await page.getByRole('link', { name: 'All projects' }).click();
  await expect(row).toContainText('Waiting for the studio');
  await expect(row).toContainText('4 files · 1 delivery');
  await page.getByLabel('Show').selectOption('waiting');
  await expect(row).toBeVisible();
  await expect(page.getByText(/^Showing \d+ of/)).toContainText(`Showing ${await cardValue(page, 'Waiting for the studio')} of`);

  // Screenshots and axe: the list, then the project page with files.
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/manage/projects');
    await expect(row).toBeVisible({ timeout: DASHBOARD_HYDRATION_TIMEOUT });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    if (SHOTS) await fullPageShot(page, `${SHOTS}/manage-projects-${width}.png`);
    await page.goto(`/manage/projects/${projectId}`);
    await expect(section(page, 'Files from the client')).toContainText('Bass DI.wav', { timeout: DASHBOARD_HYDRATION_TIMEOUT });
    // Opened from an e-mail's link, the project is brought into view below the checklist and the cards.
    await expect(page.getByRole('tablist', { name: 'Dashboard' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    if (SHOTS) await fullPageShot(page, `${SHOTS}/manage-project-${width}.png`);
  }

  // Delete a delivery sent by mistake (asks first).
  await section(page, 'Deliveries').getByRole('button', { name: 'Delete Master v1.wav' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Master v1.wav deleted');
  await expect(section(page, 'Deliveries')).not.toContainText('Master v1.wav');

  // A new master through the uploader: registered as a delivery, checked like the client's files.
  const deliveries = section(page, 'Deliveries');
  await deliveries.getByRole('button', { name: 'Upload masters' }).click();
  const masterPath = path.join(mkdtempSync(path.join(tmpdir(), 'studio-master-')), 'Master v2.wav');
  writeFileSync(masterPath, pcmWav({ seconds: 2, sampleRate: 48_000, bitDepth: 24, channels: 2, peak: 0.9 }));
  await deliveries.locator('input.uppy-Dashboard-input').first().setInputFiles(masterPath);
  await deliveries.getByRole('button', { name: /^Upload 1 file/ }).click();
  await expect(toast(page)).toContainText('Master v2.wav is ready for the client', { timeout: 30_000 });
  const master = deliveries.getByRole('row', { name: /Master v2\.wav/ });
  await expect(master).toContainText('Checked', { timeout: 30_000 });
  await expect(master).toContainText('24-bit');
  if (SHOTS) await deliveries.screenshot({ path: `${SHOTS}/manage-project-deliveries-1440.png` });

  // Completed: the retention clock runs; the owner keeps the files longer (an earlier day is refused with the server's words).
  await page.getByLabel('Status').selectOption('completed');
  await expect(toast(page)).toContainText('Status updated');
  const retention = section(page, 'File retention');
  await expect(retention).toContainText('Files removed on');
  await retention.getByLabel('Keep files until').fill(day(2));
  await retention.getByRole('button', { name: 'Keep files' }).click();
  await expect(retention.getByText(/Choose a day on or after/)).toBeVisible();
  await retention.getByLabel('Keep files until').fill(day(60));
  await retention.getByRole('button', { name: 'Keep files' }).click();
  await expect(toast(page)).toContainText('Files kept longer');
  await expect(retention).toContainText('kept longer by you');
  await page.reload();
  await expect(section(page, 'File retention').getByLabel('Keep files until')).toHaveValue(day(60), {
    timeout: DASHBOARD_HYDRATION_TIMEOUT,
  });

  // Revoking access asks first, then offers to invite again.
  await section(page, 'Client access')
    .getByRole('button', { name: /^Revoke/ })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke access' }).click();
  await expect(section(page, 'Client access')).toContainText('Access revoked');
  await expect(section(page, 'Client access').getByRole('button', { name: 'Invite again' })).toBeVisible();
  await admin.dispose();
});

test('a project page is its own address: signed out it shows the login, an unknown project says so', async ({ page, request }) => {
  // Never stored by a cache: the same Cache-Control as /manage itself (which says it twice: the Express
  // layer and the route both set it, and the adapter appends).
  const manage = (await request.get('/manage')).headers()['cache-control'];
  for (const path of ['/manage/projects', '/manage/projects/1']) {
    const signedOut = await request.get(path);
    expect(signedOut.status()).toBe(200);
    expect(signedOut.headers()['cache-control']).toBe(manage);
    expect(signedOut.headers()['cache-control']).toMatch(/^private, no-store/);
  }
  await page.goto('/manage/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await signInAsOwner(page, '/manage/projects/999999');
  await expect(page.getByRole('heading', { level: 2, name: 'Project not found' })).toBeVisible({ timeout: DASHBOARD_HYDRATION_TIMEOUT });
  await page.getByRole('link', { name: 'All projects' }).click();
  await expect(page).toHaveURL(/\/manage\/projects$/);
  await expect(page.getByRole('button', { name: 'New project' })).toBeVisible();
  await page.getByRole('tab', { name: 'Sample Management' }).click();
  await expect(page).toHaveURL(/\/manage$/);
  await expect(page.getByRole('tab', { name: 'Sample Management' })).toHaveAttribute('aria-selected', 'true');
});
