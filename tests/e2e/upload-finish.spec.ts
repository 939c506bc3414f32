import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import { latestMailTo, ownerApi, signInLinkOf } from './outbox';
import { pcmWav } from './project-files';

// The end of an upload (issue 32, decision 078): Pause pressed, or the page reloaded, while the
// completion is in flight ends with the file listed once, in the category chosen for it.

test.describe.configure({ timeout: 180_000 });

const SHOTS = '/work/notes/shots/upload-finish';

async function clientOnNewProject(page: Page, playwright: Parameters<typeof ownerApi>[0], baseURL: string) {
  const clientEmail = `finish-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const owner = await ownerApi(playwright, baseURL);
  const created = await owner.post('/api/admin/projects', {
    data: { title: 'Night Bus', clientName: 'Sam Client', clientEmail, packageKey: 'standard', price: 300, dueDate: '2030-05-14' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const invitedAt = Date.now() - 1000;
  expect((await owner.post(`/api/admin/projects/${id}/invite`)).status()).toBe(202);
  await page.goto(signInLinkOf(await latestMailTo(clientEmail, invitedAt, /project space/)));
  await expect(page).toHaveURL(new RegExp(`/portal/projects/${id}$`));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return id;
}

function wavFile(name: string, seconds: number): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'studio-finish-')), name);
  writeFileSync(file, pcmWav({ seconds, sampleRate: 48_000, bitDepth: 24, channels: 2, peak: 0.3 }));
  return file;
}

/** Holds each completion request until `release` is called; answers when the first one started. */
function holdCompletions() {
  let started!: () => void;
  const firstStarted = new Promise<void>((resolve) => (started = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    started();
    await released;
    // The server joins the parts whatever the page did meanwhile; its answer reaches a page that may have stopped listening.
    const response = await route.fetch().catch(() => null);
    await (response ? route.fulfill({ response }) : route.abort()).catch(() => {});
  };
  return { handler, firstStarted, release };
}

const COMPLETE = '**/api/uploads/s3/multipart/*/complete*';

test('Pause pressed while the completion is in flight, then Resume: the file is listed once, in its category', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await clientOnNewProject(page, playwright, baseURL!);
  const hold = holdCompletions();
  await page.route(COMPLETE, hold.handler);

  await page.getByLabel('These files are').selectOption('reference');
  await page.locator('input.uppy-Dashboard-input').first().setInputFiles(wavFile('reference-mix.wav', 3));
  await page.getByRole('button', { name: /^Upload 1 file/ }).click();
  await hold.firstStarted;
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  hold.release();
  await page.unroute(COMPLETE);
  await page.getByRole('button', { name: 'Resume', exact: true }).click();

  const files = page.getByRole('region', { name: 'Your files' });
  const rows = files.getByRole('table').getByRole('row', { name: /reference-mix\.wav/ });
  await expect(rows).toHaveCount(1, { timeout: 30_000 });
  await expect(rows).toContainText('Reference');
  await expect(page.getByText('No such upload')).toHaveCount(0);
  // The list stays at one after the page is loaded again.
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Your files' })
      .getByRole('table')
      .getByRole('row', { name: /reference-mix\.wav/ }),
  ).toHaveCount(1);
});

test('a reload while a completion is in flight: the uploader shows only what is left, and the file is registered once', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await clientOnNewProject(page, playwright, baseURL!);
  await page.getByLabel('These files are').selectOption('rough_mix');
  // Two files: the first completion goes through, the second is in flight when the page reloads.
  let completions = 0;
  let reloaded = false;
  let secondStarted!: () => void;
  const secondHeld = new Promise<void>((resolve) => (secondStarted = resolve));
  await page.route(COMPLETE, async (route) => {
    if (++completions === 1 || reloaded) return route.continue();
    secondStarted();
    // Never answered: the page goes away first.
    await new Promise(() => {});
  });
  const input = page.locator('input.uppy-Dashboard-input').first();
  await input.setInputFiles([wavFile('first-take.wav', 1), wavFile('second-take.wav', 2)]);
  await page.getByRole('button', { name: /^Upload 2 files/ }).click();
  const files = () => page.getByRole('region', { name: 'Your files' }).getByRole('table');
  await secondHeld;
  await expect(files().getByRole('row', { name: /-take\.wav/ })).toHaveCount(1, { timeout: 30_000 });
  const [finished] = await files()
    .getByRole('row', { name: /-take\.wav/ })
    .allInnerTexts();
  const left = finished.includes('first-take') ? 'second-take.wav' : 'first-take.wav';
  const done = left === 'first-take.wav' ? 'second-take.wav' : 'first-take.wav';
  // Still held while the page goes: unrouting first would let it through.
  await page.reload();
  reloaded = true;
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

  // The category chosen before the reload is kept, though the page's own choice is back to its default.
  const second = files().getByRole('row', { name: new RegExp(left.replace('.', '\\.')) });
  const dashboard = page.locator('.uppy-Dashboard');
  await expect(dashboard.getByText(left)).toBeVisible();
  // The finished file is not listed again in the uploader.
  await expect(dashboard.getByText(done)).toHaveCount(0);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await dashboard.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/restored-uploader-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  const resume = page.getByRole('button', { name: /^(Resume|Upload 1 file|Retry)/ }).first();
  if ((await second.count()) === 0 && (await resume.isVisible())) await resume.click();
  await expect(second).toHaveCount(1, { timeout: 30_000 });
  await expect(second).toContainText('Rough mix');
  await expect(files().getByRole('row', { name: /-take\.wav/ })).toHaveCount(2);
});

test('a renamed program is refused as it is added, before any byte is sent', async ({ page, playwright, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await clientOnNewProject(page, playwright, baseURL!);
  const uploadCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/uploads')) uploadCalls.push(request.url());
  });
  const program = path.join(mkdtempSync(path.join(tmpdir(), 'studio-finish-')), 'lead-vocal.wav');
  writeFileSync(program, Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(64 * 1024, 7)]));

  await page.locator('input.uppy-Dashboard-input').first().setInputFiles(program);
  await expect(page.getByText(/lead-vocal\.wav: This file is not audio or a ZIP/).first()).toBeVisible();
  await expect(page.locator('.uppy-Dashboard-Item')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Upload 1 file/ })).toHaveCount(0);
  expect(uploadCalls).toEqual([]);
});
