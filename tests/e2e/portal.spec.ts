import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEFAULT_PROCESS } from '#common/site-content/default-process.ts';
import { latestMailTo, ownerApi, signInLinkOf } from './outbox';
import { expectNoSeriousA11yViolations, gotoHydrated } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

// Signing in, uploading and waiting for the server's checks: a busy machine gets time.
test.describe.configure({ timeout: 180_000 });

/** A 16-bit 44.1 kHz stereo sine, peaking at -1 dBFS: below the studio's rules on three counts. */
function sineWav(seconds: number): Buffer {
  const rate = 44_100;
  const frames = Math.round(seconds * rate);
  const wav = Buffer.alloc(44 + frames * 4);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(wav.length - 8, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(2, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 4, 28);
  wav.writeUInt16LE(4, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(frames * 4, 40);
  const amplitude = Math.round(32767 * 10 ** (-1 / 20));
  for (let frame = 0; frame < frames; frame += 1) {
    const sample = Math.round(amplitude * Math.sin((2 * Math.PI * 440 * frame) / rate));
    wav.writeInt16LE(sample, 44 + frame * 4);
    wav.writeInt16LE(sample, 46 + frame * 4);
  }
  return wav;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The owner uploads a master through the same multipart protocol as the browser, and registers it as a delivery. */
async function deliver(api: APIRequestContext, projectId: number, name: string, bytes: Buffer) {
  const started = await api.post('/api/uploads/s3/multipart', { data: { filename: name, type: 'audio/wav', metadata: { projectId } } });
  expect(started.ok(), await started.text()).toBe(true);
  const { key, uploadId } = (await started.json()) as { key: string; uploadId: string };
  const upload = (suffix: string) => `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}${suffix}?key=${encodeURIComponent(key)}`;
  const signed = (await (await api.get(upload('/1'))).json()) as { url: string };
  const put = await api.put(signed.url, { data: bytes, headers: { 'Content-Type': 'audio/wav' } });
  expect(put.ok(), await put.text()).toBe(true);
  const complete = await api.post(upload('/complete'), { data: { parts: [{ PartNumber: 1, ETag: put.headers().etag }] } });
  expect(complete.ok(), await complete.text()).toBe(true);
  const { location } = (await complete.json()) as { location: string };
  const registered = await api.post(`/api/admin/projects/${projectId}/deliveries`, { data: { objectPath: location } });
  expect(registered.status(), await registered.text()).toBe(201);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top, so the sticky site header sits where a visitor sees it.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a client signs in from the invitation, uploads a stem, sees its checks, and downloads the delivery', async ({
  page,
  playwright,
  baseURL,
}) => {
  const clientEmail = `client-${Date.now()}@example.test`;
  const owner = await ownerApi(playwright, baseURL!);
  const created = await owner.post('/api/admin/projects', {
    data: { title: 'Midnight Drive', clientName: 'Robin Client', clientEmail, packageKey: 'standard', price: null, dueDate: '2030-05-14' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const invitedAt = Date.now() - 1000;
  expect((await owner.post(`/api/admin/projects/${id}/invite`)).status()).toBe(202);

  // The e-mail's link signs the client in and lands on the project.
  const invitation = await latestMailTo(clientEmail, invitedAt, /project space/);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(signInLinkOf(invitation));
  await expect(page).toHaveURL(new RegExp(`/portal/projects/${id}$`));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'Midnight Drive' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${clientEmail}`)).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toContainText('Awaiting files');
  await expect(page.getByText('May 14, 2030')).toBeVisible();
  // The owner's file checklist (the process section), as the home page shows it.
  const needs = page.getByRole('region', { name: 'What we need from you' });
  for (const item of DEFAULT_PROCESS.preparing.checklist.flatMap((group) => group.items)) await expect(needs.getByText(item)).toBeVisible();

  // A stem, chosen as such, through the uploader.
  const wav = sineWav(2);
  const wavPath = path.join(mkdtempSync(path.join(tmpdir(), 'studio-portal-')), 'lead-vocal.wav');
  writeFileSync(wavPath, wav);
  await page.getByLabel('These files are').selectOption('stems');
  await page.locator('input.uppy-Dashboard-input').first().setInputFiles(wavPath);
  await page.getByRole('button', { name: /^Upload 1 file/ }).click();

  // The table shows the file, then the server's checks: its checksum and what it measured, with the rules it breaks.
  const files = page.getByRole('region', { name: 'Your files' });
  const row = files.getByRole('row', { name: /lead-vocal\.wav/ });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('Stems');
  await expect(row.getByText('Checked')).toBeVisible({ timeout: 60_000 });
  await expect(row.locator('code')).toHaveAttribute('title', sha256(wav));
  await expect(row).toContainText('16-bit');
  await expect(row).toContainText('44.1 kHz');
  await expect(row).toContainText('Stereo');
  await expect(row).toContainText('0:02.00');
  await expect(files.getByRole('table').getByText(/^16-bit: we ask for 24-bit/)).toBeVisible();
  await expect(files.getByRole('table').getByText(/^Peaks reach -1\.0 dBFS/)).toBeVisible();
  // With files listed the page never scrolls sideways, on a wide screen or a phone: the table scrolls in its own box.
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
    expect(widths.page, `${width} px`).toBeLessThanOrEqual(widths.window);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Notes for the studio are saved.
  await page
    .getByRole('textbox', { name: 'Notes for the studio' })
    .fill('Tempo 92 BPM, key of F minor. Keep the tape delay on the chorus.');
  await page.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByText('Saved. The studio sees your notes.')).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'portal-project-files');

  // The owner delivers a master; the client downloads it, alone and in the ZIP.
  const master = sineWav(1);
  await deliver(owner, id, 'Midnight Drive (master).wav', master);
  await page.reload();
  const deliveries = page.getByRole('region', { name: 'Deliveries' });
  await expect(deliveries.getByText('Midnight Drive (master).wav', { exact: true })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    deliveries.getByRole('link', { name: /^Download Midnight Drive/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Midnight Drive (master).wav');
  expect(sha256(readFileSync(await download.path()))).toBe(sha256(master));
  const zipLink = deliveries.getByRole('link', { name: 'Download all (ZIP)' });
  const zip = await page.request.get((await zipLink.getAttribute('href'))!);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toContain('zip');
  expect((await zip.body()).includes(Buffer.from('Midnight Drive (master).wav'))).toBe(true);
  await expect(page.getByRole('region', { name: 'Activity' })).toContainText('You');
  await shoot(page, 'portal-project-delivered');

  // The project list: the project with its status and counts.
  await gotoHydrated(page, '/portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Your projects' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Midnight Drive' }) });
  await expect(card).toContainText('Awaiting files');
  await expect(card).toContainText('1 file sent');
  await expect(card).toContainText('1 delivery');
  await expect(card).toContainText('Standard');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'portal-signed-in');

  // Someone else's project (or none) is a 404, said in the portal's own words.
  const missing = await page.goto('/portal/projects/999999');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible();

  // Sign out: back to the sign-in form, and the project page asks to sign in.
  await gotoHydrated(page, '/portal');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Sign in' })).toBeVisible();
  const signedOut = await page.goto(`/portal/projects/${id}`);
  expect(signedOut?.status()).toBe(401);
  // (The page layer and the route both state it, so the header may come twice: the same words.)
  const cacheControl = signedOut?.headers()['cache-control'] ?? '';
  expect(cacheControl.split(/[\n,]\s*/)).toEqual(expect.arrayContaining(['no-store', 'private']));
  expect(cacheControl).not.toMatch(/public|max-age/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to see this project' })).toBeVisible();
  await owner.dispose();
});

test('the sign-in page: a used link is explained, a new link is sent, with JavaScript and without', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const clientEmail = `returning-${Date.now()}@example.test`;
  const owner = await ownerApi(playwright, baseURL!);
  const created = await owner.post('/api/admin/projects', {
    data: { title: 'Second Song', clientName: 'Sam Returning', clientEmail, packageKey: 'intro' },
  });
  const { id } = (await created.json()) as { id: number };
  const invitedAt = Date.now() - 1000;
  expect((await owner.post(`/api/admin/projects/${id}/invite`)).status()).toBe(202);
  const link = signInLinkOf(await latestMailTo(clientEmail, invitedAt, /project space/));
  await owner.dispose();

  // Without JavaScript: the link works once; the second time the page says so and a plain form post asks for a new one.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto(link);
  await expect(plain.getByRole('heading', { level: 1, name: 'Second Song' })).toBeVisible();
  await plain.getByRole('button', { name: 'Sign out' }).click();
  await expect(plain).toHaveURL(/\/portal$/);
  await expect(plain.getByRole('heading', { level: 2, name: 'Sign in' })).toBeVisible();
  await plain.goto(link);
  await expect(plain).toHaveURL(/\/portal\?link=invalid$/);
  await expect(plain.getByText('This sign-in link has expired or was already used.')).toBeVisible();
  const askedAt = Date.now() - 1000;
  await plain.getByLabel('Your e-mail address').fill(clientEmail);
  await plain.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(plain.getByText(/If that address has a project with us, a sign-in link is on its way/)).toBeVisible();
  const fresh = signInLinkOf(await latestMailTo(clientEmail, askedAt, /sign-in link/));
  await plain.goto(fresh);
  await expect(plain.getByRole('heading', { level: 1, name: 'Second Song' })).toBeVisible();
  await noJs.close();

  // With JavaScript: the same words for an unknown address, and a wrong one is pointed out at the field.
  await page.setViewportSize({ width: 1440, height: 900 });
  await gotoHydrated(page, '/portal?link=invalid');
  await expect(page.getByText('This sign-in link has expired or was already used.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'portal-signed-out');
  await page.getByLabel('Your e-mail address').fill('not-an-address');
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a valid e-mail address' })).toBeVisible();
  await page.getByLabel('Your e-mail address').fill('nobody-here@example.test');
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If that address has a project with us' })).toBeVisible();
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
});
