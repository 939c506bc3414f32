import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { expectAxeRulesPass, expectNoSeriousA11yViolations } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

// 40 MiB through the real uploader, on a machine that may be busy with other work.
test.describe.configure({ timeout: 300_000 });

const MiB = 1024 * 1024;
/** 40 MiB: eight parts of the uploader's 5 MiB. */
const FILE_BYTES = 40 * MiB;
const PART_BYTES = 5 * MiB;
const PARTS = FILE_BYTES / PART_BYTES;

/** A silent 44.1 kHz stereo WAV of exactly `bytes` bytes (about 4 minutes for 40 MiB), written to a temporary file. */
function writeSilentWav(bytes: number, name: string): string {
  const wav = Buffer.alloc(bytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(bytes - 8, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(2, 22);
  wav.writeUInt32LE(44_100, 24);
  wav.writeUInt32LE(44_100 * 4, 28);
  wav.writeUInt16LE(4, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(bytes - 44, 40);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'studio-upload-')), name);
  writeFileSync(file, wav);
  return file;
}

async function openUploadForm(page: Page) {
  await page.goto('/manage');
  const dashboard = page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });
  await expect(dashboard.or(page.getByLabel('Username'))).toBeVisible({ timeout: 30_000 });
  if (!(await dashboard.isVisible())) {
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  }
  // The machine running the journeys may be busy: the admin panel gets time to load.
  await expect(dashboard).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Upload New', exact: true }).click();
}

/**
 * Golden Retriever keeps an unfinished upload in two places, both written after the fact: the file's
 * state in localStorage (throttled, 500 ms) and the file itself in IndexedDB (40 MB takes seconds on a
 * loaded machine). A reload before both are written has nothing to restore, so the test waits for them.
 */
async function recoveryStateSaved(page: Page, fileName: string): Promise<boolean> {
  return page.evaluate(async (name) => {
    const saved = Object.keys(localStorage).some((key) => key.startsWith('uppyState:') && localStorage.getItem(key)?.includes(name));
    if (!saved) return false;
    const blobs = await new Promise<number>((resolve) => {
      const open = indexedDB.open('uppy-blobs');
      open.onerror = () => resolve(0);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('files')) return resolve(0);
        const count = db.transaction('files', 'readonly').objectStore('files').count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => resolve(0);
      };
    });
    return blobs > 0;
  }, fileName);
}

/**
 * How much of the file the saved recovery state says is uploaded, in whole percent (Golden Retriever
 * keeps Uppy's state, with each file's progress, in localStorage); -1 while nothing is saved.
 */
async function savedPercent(page: Page, fileName: string): Promise<number> {
  return page.evaluate((name) => {
    const progressOf = (value: unknown): { bytesUploaded?: number; bytesTotal?: number } | null => {
      if (!value || typeof value !== 'object') return null;
      const record = value as Record<string, unknown>;
      if (record.name === name && record.progress && typeof record.progress === 'object')
        return record.progress as { bytesUploaded?: number };
      for (const child of Object.values(record)) {
        const found = progressOf(child);
        if (found) return found;
      }
      return null;
    };
    for (const key of Object.keys(localStorage).filter((k) => k.startsWith('uppyState:'))) {
      try {
        const progress = progressOf(JSON.parse(localStorage.getItem(key) ?? 'null'));
        if (progress?.bytesTotal) return Math.floor(((progress.bytesUploaded ?? 0) / progress.bytesTotal) * 100);
      } catch {
        // A state being written: the next poll reads it again.
      }
    }
    return -1;
  }, fileName);
}

const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notification/ })
    .locator('li')
    .first();
const badge = (page: Page) => page.getByText('Audio file uploaded', { exact: true });
/** The part number in a part's PUT URL (/objects/multipart/{id}/{n}) or its signing request (/api/uploads/s3/multipart/{id}/{n}). */
const partNumberOf = (url: string) => Number(/\/multipart\/[^/]+\/(\d+)(?:\?|$)/.exec(url)?.[1] ?? 0);
const isPartSigning = (url: URL) => /^\/api\/uploads\/s3\/multipart\/[^/]+\/\d+$/.test(url.pathname);

/**
 * Holds the signing of every part after the first `released` until `release()`: the first half of
 * the file is stored, the rest has not started, so the test can pause (or reload) at a known point.
 * (Only the small signing requests are held; the part bodies themselves go out untouched.)
 */
async function holdPartsAfter(page: Page, released: number) {
  const held: Route[] = [];
  let holding = true;
  await page.route(isPartSigning, async (route) => {
    if (holding && partNumberOf(route.request().url()) > released) held.push(route);
    else await route.continue();
  });
  return {
    held: () => held.length,
    async release() {
      holding = false;
      // A paused uploader ignores these answers; after a reload nobody is left to read them.
      for (const route of held.splice(0)) await route.continue().catch(() => {});
      await page.unroute(isPartSigning);
    },
  };
}

/** The part PUTs this page sends, with the size of each body as the network stack measured it. */
function countPartUploads(page: Page) {
  const sent: { part: number; bytes: number }[] = [];
  const stored = new Set<number>();
  page.on('requestfinished', async (request: Request) => {
    if (request.method() !== 'PUT' || !request.url().includes('/objects/multipart/')) return;
    const part = partNumberOf(request.url());
    // A Blob body is not handed to DevTools; its length is in the headers the browser actually sent.
    const headers = await request.allHeaders();
    sent.push({ part, bytes: Number(headers['content-length'] ?? 0) || (await request.sizes()).requestBodySize });
    if ((await request.response())?.ok()) stored.add(part);
  });
  return { sent, stored };
}

test.describe('resumable uploads', () => {
  let wavPath: string;
  test.beforeAll(() => {
    wavPath = writeSilentWav(FILE_BYTES, 'long-take.wav');
  });
  test.afterAll(() => rmSync(path.dirname(wavPath), { recursive: true, force: true }));

  test('a paused upload resumes where it stopped: only the parts not yet stored are sent again', async ({ page }) => {
    await openUploadForm(page);
    const parts = countPartUploads(page);
    const gate = await holdPartsAfter(page, PARTS / 2);
    // No Upload press: a chosen file starts at once.
    await page.getByTestId('audio-file-input').setInputFiles(wavPath);

    // Half the file stored: pause there.
    await expect.poll(() => parts.stored.size, { timeout: 150_000 }).toBe(PARTS / 2);
    await expect.poll(() => gate.held()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();
    await gate.release();
    const sentBeforeResume = parts.sent.length;
    expect(sentBeforeResume).toBe(PARTS / 2);
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await expect(toast(page)).toContainText('Audio file uploaded and configured successfully', { timeout: 150_000 });
    await expect(badge(page)).toBeVisible();

    const afterResume = parts.sent.slice(sentBeforeResume);
    const resentParts = new Set(afterResume.map((entry) => entry.part));
    const resentBytes = afterResume.reduce((sum, entry) => sum + entry.bytes, 0);
    // The stored half is not sent again; what is sent is the rest, and the bodies say so.
    for (let part = 1; part <= PARTS / 2; part++) expect(resentParts.has(part), `part ${part} sent again`).toBe(false);
    expect(resentBytes).toBeGreaterThan(0);
    expect(resentBytes).toBeLessThan(FILE_BYTES * 0.6);
  });

  test('a reloaded tab offers to resume the upload, and finishes it from there', async ({ page }) => {
    await openUploadForm(page);
    const parts = countPartUploads(page);
    const gate = await holdPartsAfter(page, PARTS / 2);
    // No Upload press: a chosen file starts at once.
    await page.getByTestId('audio-file-input').setInputFiles(wavPath);
    await expect.poll(() => parts.stored.size, { timeout: 150_000 }).toBe(PARTS / 2);
    await expect.poll(() => recoveryStateSaved(page, 'long-take.wav'), { timeout: 30_000 }).toBe(true);
    // The state's writes are throttled: wait until the saved state itself says half the file is up.
    await expect.poll(() => savedPercent(page, 'long-take.wav'), { timeout: 30_000 }).toBe(50);

    await page.reload();
    await gate.release();
    const sentBeforeResume = parts.sent.length;
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await page.getByRole('tab', { name: 'Upload New', exact: true }).click();
    // The upload comes back by itself, paused where it stopped, with the file's tags in the form again.
    await expect(page.getByRole('progressbar', { name: 'Uploading long-take.wav' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/^Paused: 50% of 42 MB$/)).toBeVisible();
    await expect(page.getByLabel('Song Title')).toHaveValue('long-take');
    if (SHOTS) {
      const uploader = page.getByRole('progressbar', { name: 'Uploading long-take.wav' });
      await uploader.evaluate((bar) => window.scrollTo(0, bar.getBoundingClientRect().top + window.scrollY - 200));
      await page.screenshot({ path: `${SHOTS}/upload-restored-1440.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await uploader.evaluate((bar) => window.scrollTo(0, bar.getBoundingClientRect().top + window.scrollY - 200));
      await page.screenshot({ path: `${SHOTS}/upload-restored-390.png` });
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await expect(toast(page)).toContainText('Audio file uploaded and configured successfully', { timeout: 150_000 });
    await expect(badge(page)).toBeVisible();
    const afterResume = parts.sent.slice(sentBeforeResume);
    expect(afterResume.length).toBeGreaterThan(0);
    expect(afterResume.every((entry) => entry.part > PARTS / 2)).toBe(true);
  });
});

test('a fake .mp3 gets one message saying it is not audio, earns no badge, and the page stays where it was', async ({ page }) => {
  await openUploadForm(page);
  // A short window, so the page scrolls: choosing a file must not move it.
  await page.setViewportSize({ width: 1280, height: 500 });
  const choose = page.getByRole('button', { name: 'Choose audio file' });
  await choose.scrollIntoViewIfNeeded();
  const scrollBefore = await page.evaluate(() => window.scrollY);
  expect(scrollBefore).toBeGreaterThan(0);
  await expect(page.getByTestId('audio-drop-zone')).toContainText('up to 500 MB and 20 minutes');
  await page
    .getByTestId('audio-file-input')
    .setInputFiles({ name: 'renamed.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('This is a text file, not an MP3.\n'.repeat(40)) });
  const reason = 'The file is not audio: send WAV, AIFF, FLAC, MP3, M4A or AAC';
  await expect(page.getByRole('alert').filter({ hasText: 'renamed.mp3' })).toContainText(reason);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByText(/Upload Complete/i)).toHaveCount(0);
  await expect(badge(page)).toHaveCount(0);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/upload-refused-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/upload-refused-390.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  await expectNoSeriousA11yViolations(page);
  await expect(page.locator('#create-sample-missing')).toContainText('Choose an audio file');
});

test('the dashboard on a phone: the duration field takes m:ss as text, the controls are finger-sized, headings in order', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openUploadForm(page);
  const duration = page.getByLabel('Duration');
  await expect(duration).toHaveAttribute('inputmode', 'text');
  await expect(duration).toHaveAttribute('pattern', /:/);
  await duration.fill('3:45');
  expect(await duration.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true);
  await duration.fill('3.45');
  expect(await duration.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('main button, main [role="tab"]')]
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .map((element) => ({
        name: element.textContent?.trim() || element.getAttribute('aria-label'),
        height: element.getBoundingClientRect().height,
      }))
      .filter((target) => target.height < 44),
  );
  expect(small).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await expectAxeRulesPass(page, ['heading-order']);
  for (const tab of ['Manage Samples', 'Reorder'] as const) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expectAxeRulesPass(page, ['heading-order']);
  }
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/upload-form-390.png`, fullPage: true });
});
