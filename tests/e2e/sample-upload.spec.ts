import { closeSync, mkdtempSync, openSync, rmSync, writeSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import { MAX_AUDIO_BYTES } from '#common/samples.ts';
import { taggedWav } from '#common/tagged-audio-fixtures.ts';
import { E2E_ADMIN } from '../../playwright.config';
import { makeFlacHeaderOnly } from './admin-dashboard-files';
import { expectNoSeriousA11yViolations } from './support';

// Upload New in one step (decision 088): a dropped file starts uploading at once and fills the
// form from its tags; Create says what is missing; a refused file gets one message, nothing else,
// and is not offered again after a reload.

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;
const WIDTHS = [1440, 390] as const;

async function openUploadForm(page: Page) {
  await page.goto('/manage');
  const dashboard = page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });
  await expect(dashboard.or(page.getByLabel('Username'))).toBeVisible({ timeout: 30_000 });
  if (!(await dashboard.isVisible())) {
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  }
  await expect(dashboard).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Upload New', exact: true }).click();
  // The page is hydrated: the drop zone takes a file (before the uploader's code is there, it keeps it).
  await expect(chooseButton(page)).toBeEnabled();
}

const chooseButton = (page: Page) => page.getByRole('button', { name: 'Choose audio file' });
const fileInput = (page: Page) => page.getByTestId('audio-file-input');
const dropZone = (page: Page) => page.getByTestId('audio-drop-zone');
const missing = (page: Page) => page.locator('#create-sample-missing');
const badge = (page: Page) => page.getByText('Audio file uploaded', { exact: true });
const toasts = (page: Page) => page.getByRole('region', { name: /Notification/ }).locator('li');
const uploadForm = (page: Page) => page.getByRole('form', { name: 'Upload New Sample' });

/** Drops a file on the drop area the way a browser's drag and drop does. */
async function dropFile(page: Page, name: string, bytes: Buffer, type: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, base64, type }) => {
      const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      return transfer;
    },
    { name, base64: bytes.toString('base64'), type },
  );
  await dropZone(page).dispatchEvent('dragenter', { dataTransfer });
  await dropZone(page).dispatchEvent('drop', { dataTransfer });
}

/** Screenshots of the form at both widths (when asked for), with axe checking each. */
async function lookAt(page: Page, name: string) {
  for (const width of WIDTHS) {
    // Tall enough for the whole form; scrolled so the site's sticky header does not cover its top.
    await page.setViewportSize({ width, height: width === 390 ? 1250 : 1000 });
    await uploadForm(page).evaluate((form) => window.scrollTo(0, form.getBoundingClientRect().top + window.scrollY - 100));
    await expectNoSeriousA11yViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sample-upload-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Nothing on the page claims an upload happened. */
async function expectNoSuccess(page: Page) {
  await expect(page.getByText(/upload complete/i)).toHaveCount(0);
  await expect(page.getByText(/uploaded successfully|configured successfully/i)).toHaveCount(0);
  await expect(badge(page)).toHaveCount(0);
  await expect(toasts(page)).toHaveCount(0);
}

test.describe.configure({ timeout: 90_000 });

test('the owner drops a tagged WAV: it uploads at once, the form fills from its tags, one press creates the sample', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openUploadForm(page);
  const title = `Tagged Master ${Date.now()}`;
  await expect(missing(page)).toHaveText('Add a title · Choose an audio file');
  await lookAt(page, 'idle');

  // The part's PUT waits until the uploading state has been looked at.
  const held: Route[] = [];
  let holding = true;
  await page.route('**/objects/multipart/**', async (route) => {
    if (holding && route.request().method() === 'PUT') held.push(route);
    else await route.continue();
  });

  await dropFile(page, 'take_7_final.wav', taggedWav(3, { title, artist: 'Ana Sol' }), 'audio/wav');
  // No further press: the upload is under way, and the fields hold the file's tags.
  await expect(page.getByRole('progressbar', { name: 'Uploading take_7_final.wav' })).toBeVisible();
  await expect(page.getByLabel('Song Title')).toHaveValue(title);
  await expect(page.getByLabel('Artist')).toHaveValue('Ana Sol');
  await expect(page.getByLabel('Duration')).toHaveValue('0:03');
  await expect(missing(page)).toHaveText('Wait for the upload to finish');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  // The owner may change what the tags said while the file goes up.
  await page.getByLabel('Artist').fill('Ana Sol & Band');
  await page.getByLabel('Genre').fill('Soul');
  await lookAt(page, 'filled');
  // Create while the file is on its way waits for it, says so, and sends nothing yet.
  const total = await page.getByTestId('samples-total').textContent();
  await page.getByRole('button', { name: 'Create Sample' }).click();
  await expect(missing(page)).toHaveText('The sample is created as soon as the upload finishes');
  await expect(page.getByRole('button', { name: 'Creating after upload…' })).toBeDisabled();
  await expect(page.getByTestId('samples-total')).toHaveText(total!);
  await lookAt(page, 'uploading');

  // The file arrives: the sample is created from that one press.
  holding = false;
  for (const route of held.splice(0)) await route.continue();
  await expect(toasts(page).filter({ hasText: 'Sample created successfully' })).toBeVisible();
  await expect(page.getByLabel('Song Title')).toHaveValue('');
  await expect(badge(page)).toHaveCount(0);
  await expect(missing(page)).toHaveText('Add a title · Choose an audio file');

  const samples = (await (await page.request.get('/api/samples')).json()) as Array<{
    id: number;
    title: string;
    artist: string;
    duration: string;
  }>;
  const created = samples.find((sample) => sample.title === title);
  expect(created).toMatchObject({ artist: 'Ana Sol & Band', duration: '0:03' });
  expect((await page.request.delete(`/api/samples/${created!.id}`, { headers: { Origin: baseURL! } })).ok()).toBe(true);
});

test('a file chosen while the uploader is still loading is kept, and uploads once the uploader is there', async ({ page, baseURL }) => {
  // The uploader's code is held back, as on a slow connection: the owner is quicker than the download.
  const heldCode: Route[] = [];
  await page.route('**/assets/sample-audio-uploader-*.js', (route) => void heldCode.push(route));
  await openUploadForm(page);
  await expect.poll(() => heldCode.length).toBeGreaterThan(0);
  const title = `Early Choice ${Date.now()}`;
  await fileInput(page).setInputFiles({ name: 'early.wav', mimeType: 'audio/wav', buffer: taggedWav(2, { title }) });
  await expect(page.getByText('Getting ready to upload early.wav…')).toBeVisible();

  for (const route of heldCode.splice(0)) await route.continue();
  await expect(badge(page)).toBeVisible();
  await expect(page.getByLabel('Song Title')).toHaveValue(title);
  await expect(chooseButton(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Sample' }).click();
  await expect(toasts(page).filter({ hasText: 'Sample created successfully' })).toBeVisible();
  const created = ((await (await page.request.get('/api/samples')).json()) as Array<{ id: number; title: string }>).find(
    (sample) => sample.title === title,
  );
  expect(created).toBeDefined();
  expect((await page.request.delete(`/api/samples/${created!.id}`, { headers: { Origin: baseURL! } })).ok()).toBe(true);
});

test('an empty file gets "The file is empty" and nothing else, and is not offered again after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openUploadForm(page);
  const uploadCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(uploads|audio-files)|\/objects\//.test(request.url())) uploadCalls.push(request.url());
  });

  // By keyboard: the button opens the file picker, and focus comes back to it after the refusal.
  await chooseButton(page).focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'bounce.wav', mimeType: 'audio/wav', buffer: Buffer.alloc(0) });

  const alert = page.getByRole('alert').filter({ hasText: 'bounce.wav' });
  await expect(alert).toContainText('The file is empty');
  await expect(page.getByText(/The file is empty/)).toHaveCount(1);
  await expectNoSuccess(page);
  await expect(chooseButton(page)).toBeFocused();
  await expect(missing(page)).toHaveText('Add a title · Choose an audio file');
  expect(uploadCalls).toEqual([]);
  await lookAt(page, 'error');

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Upload New', exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Upload New', exact: true }).click();
  await expect(chooseButton(page)).toBeEnabled();
  // Give a restore every chance to show itself: it would have done so before the uploader settled.
  await expect(dropZone(page)).toBeVisible();
  await expect(page.getByText(/The file is empty/)).toHaveCount(0);
  await expect(page.getByText(/restored|resume/i)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(0);
  await expectNoSuccess(page);
  expect(await page.evaluate(() => Object.keys(localStorage).some((key) => (localStorage.getItem(key) ?? '').includes('bounce.wav')))).toBe(
    false,
  );
});

test('a file over 500 MB, a text file and a file over 20 minutes each get one message, before any byte is sent', async ({ page }) => {
  await openUploadForm(page);
  const uploadCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/uploads|\/objects\//.test(request.url())) uploadCalls.push(request.url());
  });
  // A sparse file just over the limit: 500 MB on paper, a few bytes on disk.
  const folder = mkdtempSync(path.join(tmpdir(), 'oversized-'));
  const big = path.join(folder, 'master-96k.wav');
  const fd = openSync(big, 'w');
  writeSync(fd, taggedWav(0.1, {}));
  ftruncateSync(fd, MAX_AUDIO_BYTES + 1);
  closeSync(fd);
  try {
    await fileInput(page).setInputFiles(big);
    const tooBig = page.getByRole('alert').filter({ hasText: 'master-96k.wav' });
    await expect(tooBig).toContainText('The file is larger than 500 MB, the most a sample may be.');
    await expect(tooBig).toContainText('Save it as FLAC: lossless, and about half the size of WAV.');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  await expectNoSuccess(page);

  await fileInput(page).setInputFiles({
    name: 'notes.mp3',
    mimeType: 'audio/mpeg',
    buffer: Buffer.from('These are notes, not audio.\n'.repeat(20)),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'notes.mp3' })).toContainText(
    'The file is not audio: send WAV, AIFF, FLAC, MP3, M4A or AAC',
  );
  // One message at a time: the previous refusal is gone.
  await expect(page.getByText(/larger than 500 MB/)).toHaveCount(0);

  await fileInput(page).setInputFiles({ name: 'night-recording.flac', mimeType: 'audio/flac', buffer: makeFlacHeaderOnly(8 * 3600) });
  await expect(page.getByRole('alert').filter({ hasText: 'night-recording.flac' })).toContainText(
    'The audio is longer than 20 minutes, the longest a sample may be (this file is 480:00)',
  );
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expectNoSuccess(page);
  expect(uploadCalls).toEqual([]);
});
