import { expect, test, type Page } from '@playwright/test';
import type { TrackView } from '../../common/review';
import { CHROMIUM_LAUNCH, E2E_ADMIN } from '../../playwright.config';
import { ownerApi } from './outbox';
import { pcmWav, uploadIntoProject } from './project-files';
import { expectNoSeriousA11yViolations, gotoHydrated } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;
test.use({ launchOptions: { ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args, '--autoplay-policy=no-user-gesture-required'] } });

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/links-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('the owner shares a track with a password; a listener opens it, plays, comments under a typed name, and cannot download', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const owner = await ownerApi(playwright, baseURL!);
  const created = await owner.post('/api/admin/projects', {
    data: { title: 'Link EP', clientName: 'Robin Client', clientEmail: `links-${Date.now()}@example.test`, packageKey: 'standard' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const projectId = ((await created.json()) as { id: number }).id;
  const trackId = (
    (await (await owner.post(`/api/admin/projects/${projectId}/tracks`, { data: { title: 'Harbour Lights' } })).json()) as {
      id: number;
    }
  ).id;
  const wav = pcmWav({ seconds: 8, sampleRate: 44_100, bitDepth: 16, channels: 2, peak: 0.3 });
  await uploadIntoProject(owner, projectId, `/api/admin/projects/${projectId}/tracks/${trackId}/versions`, {
    name: 'harbour-v1.wav',
    body: wav,
  });
  let measured = { id: 0, analysisState: 'pending' };
  await expect
    .poll(
      async () => {
        const track = (await (await owner.get(`/api/admin/projects/${projectId}/tracks/${trackId}`)).json()) as TrackView;
        measured = track.versions[0] ?? measured;
        return measured.analysisState;
      },
      { timeout: 20_000 },
    )
    .toBe('done');

  // The owner makes the link from the project's track list.
  const login = await page.request.post('/api/admin/login', {
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
    headers: { Origin: baseURL! },
  });
  expect(login.ok()).toBe(true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await gotoHydrated(page, `/manage/projects/${projectId}`);
  await page.getByRole('button', { name: /^Share for review.*Harbour Lights/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Share “Harbour Lights” for review' });
  await dialog.getByLabel(/^Password/).fill('harbour-2026');
  await dialog.getByRole('button', { name: 'Make a review link' }).click();
  const url = await dialog.getByLabel('Your new review link').inputValue();
  expect(url).toMatch(/\/listen\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.locator('[data-review-link]')).toHaveCount(1);
  await shoot(page, 'share-dialog');
  await page.keyboard.press('Escape');

  // A listener, in a browser of their own: the password first.
  const listenerContext = await browser.newContext({ baseURL });
  const listener = await listenerContext.newPage();
  await listener.setViewportSize({ width: 1440, height: 900 });
  const opened = (await listener.goto(new URL(url).pathname))!;
  expect(opened.status()).toBe(401);
  expect(opened.headers()['cache-control']).toBe('private, no-store');
  expect(opened.headers()['referrer-policy']).toBe('no-referrer');
  await expect(listener.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(listener.getByRole('heading', { level: 1, name: 'Enter the password' })).toBeVisible();
  await expect(listener.getByText('Harbour Lights')).toHaveCount(0);
  await listener.getByLabel('Password', { exact: true }).fill('not-it');
  await listener.getByRole('button', { name: 'Listen' }).click();
  await expect(listener.getByText('That password is not right.')).toBeVisible();
  await shoot(listener, 'password');
  await listener.getByLabel('Password', { exact: true }).fill('harbour-2026');
  await listener.getByRole('button', { name: 'Listen' }).click();

  await expect(listener.getByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeVisible();
  await expect(listener.locator('[data-waveform="drawn"]')).toBeVisible();
  await listener.getByRole('button', { name: 'Play v1', exact: true }).click();
  await expect(listener.locator('[data-review-player]')).toHaveAttribute('data-playing', 'true');
  await listener.getByLabel('Your name').fill('Sam Listener');
  await listener.getByLabel(/^Your comment at/).fill('The intro could breathe a little more');
  await listener.getByRole('button', { name: /^Post at/ }).click();
  await expect(listener.locator('[data-comment-thread]').getByText('Sam Listener (via review link)')).toBeVisible();
  // Nothing to save the file with.
  await expect(listener.locator('a[download], a[href*="download"], a[href$=".zip"]')).toHaveCount(0);
  await expect(listener.getByText(/download/i)).toHaveCount(0);
  await expectNoSeriousA11yViolations(listener);
  await shoot(listener, 'player');

  // Revoked: the same page as for any dead link, at once.
  const links = (await (await owner.get(`/api/admin/projects/${projectId}/tracks/${trackId}/review-links`)).json()) as {
    links: { id: number }[];
  };
  expect((await owner.delete(`/api/admin/projects/${projectId}/tracks/${trackId}/review-links/${links.links[0]!.id}`)).status()).toBe(204);
  expect((await listener.reload())!.status()).toBe(404);
  await expect(listener.getByText('This review link has expired or was turned off. Ask the studio for a new one.')).toBeVisible();
  await listenerContext.close();

  // The owner finds the comment beside the client's, marked as coming through the link.
  const comments = (await (
    await owner.get(`/api/admin/projects/${projectId}/tracks/${trackId}/versions/${measured.id}/comments`)
  ).json()) as { comments: { authorName: string; body: string }[] };
  expect(comments.comments).toEqual([
    expect.objectContaining({ authorName: 'Sam Listener (via review link)', body: 'The intro could breathe a little more' }),
  ]);
});

test('the owner turns on the watermark for an A&R link; the A&R plays the watermarked copy at its own address, never the original', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const owner = await ownerApi(playwright, baseURL!);
  const created = await owner.post('/api/admin/projects', {
    data: { title: 'Label EP', clientName: 'Robin Client', clientEmail: `marked-${Date.now()}@example.test`, packageKey: 'standard' },
  });
  const projectId = ((await created.json()) as { id: number }).id;
  const trackId = (
    (await (await owner.post(`/api/admin/projects/${projectId}/tracks`, { data: { title: 'Tide Line' } })).json()) as { id: number }
  ).id;
  const wav = pcmWav({ seconds: 20, sampleRate: 44_100, bitDepth: 16, channels: 2, peak: 0.3 });
  await uploadIntoProject(owner, projectId, `/api/admin/projects/${projectId}/tracks/${trackId}/versions`, {
    name: 'tide-v1.wav',
    body: wav,
  });
  await expect
    .poll(
      async () =>
        ((await (await owner.get(`/api/admin/projects/${projectId}/tracks/${trackId}`)).json()) as TrackView).versions[0]?.analysisState,
      {
        timeout: 30_000,
      },
    )
    .toBe('done');

  const login = await page.request.post('/api/admin/login', {
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
    headers: { Origin: baseURL! },
  });
  expect(login.ok()).toBe(true);
  await gotoHydrated(page, `/manage/projects/${projectId}`);
  await page.getByRole('button', { name: /^Share for review.*Tide Line/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Share “Tide Line” for review' });
  await expect(dialog).toContainText('never your original file');
  await dialog.getByLabel(/^Audible watermark/).check();
  await dialog.getByRole('button', { name: 'Make a review link' }).click();
  const url = await dialog.getByLabel('Your new review link').inputValue();
  await expect(dialog.locator('[data-review-link]')).toContainText('Watermarked');
  await page.keyboard.press('Escape');

  // The A&R: the player waits for the watermarked copy (being prepared), then plays it.
  const context = await browser.newContext({ baseURL });
  const listener = await context.newPage();
  const audio: Array<{ url: string; status: number; type: string }> = [];
  listener.on('response', (response) => {
    if (/\/versions\/\d+\/(watermarked-)?audio/.test(response.url())) {
      audio.push({ url: response.url(), status: response.status(), type: response.headers()['content-type'] ?? '' });
    }
  });
  await gotoHydrated(listener, new URL(url).pathname);
  await expect(listener.getByRole('heading', { level: 1, name: 'Tide Line' })).toBeVisible();
  const play = listener.getByRole('button', { name: 'Play v1', exact: true });
  await expect(play).toBeEnabled({ timeout: 30_000 });
  await play.click();
  await expect(listener.locator('[data-review-player]')).toHaveAttribute('data-playing', 'true');
  await expect.poll(() => audio.length).toBeGreaterThan(0);
  for (const answer of audio) {
    expect(answer.url).toMatch(/\/watermarked-audio$/);
    expect([200, 206]).toContain(answer.status);
    expect(answer.type).toBe('audio/mpeg');
  }
  await expectNoSeriousA11yViolations(listener);
  await context.close();
});
