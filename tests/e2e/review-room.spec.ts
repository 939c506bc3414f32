import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { TrackView } from '../../common/review';
import { CHROMIUM_LAUNCH, E2E_ADMIN } from '../../playwright.config';
import { latestMailTo, outboxMails, ownerApi, signInLinkOf } from './outbox';
import { expectNoSeriousA11yViolations } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

// Three uploads, their analysis, two browsers and playback in real time: a busy machine gets time.
test.describe.configure({ timeout: 240_000 });
// Playback starts from a press either way; the flag keeps a busy headless run from refusing it.
test.use({ launchOptions: { ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args, '--autoplay-policy=no-user-gesture-required'] } });

const RATE = 44_100;
const SECONDS = 60;

/**
 * A 16-bit 44.1 kHz mono WAV of SECONDS: two harmonics under a slow swell, so the waveform has a
 * shape; `gainDb` scales the whole file (v2 is v1 6 dB louder, the loudness the server measures says so).
 */
function mixWav(gainDb: number): Buffer {
  const frames = RATE * SECONDS;
  const wav = Buffer.alloc(44 + frames * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(wav.length - 8, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(RATE, 24);
  wav.writeUInt32LE(RATE * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(frames * 2, 40);
  const gain = 10 ** (gainDb / 20);
  for (let frame = 0; frame < frames; frame++) {
    const t = frame / RATE;
    const swell = 0.55 + 0.45 * Math.sin((2 * Math.PI * t) / 12) ** 2;
    const tone = 0.7 * Math.sin(2 * Math.PI * 220 * t) + 0.3 * Math.sin(2 * Math.PI * 660 * t);
    // At most 0.25 of full scale before the gain, so 6 dB more still does not clip.
    wav.writeInt16LE(Math.round(32767 * 0.25 * swell * tone * gain), 44 + frame * 2);
  }
  return wav;
}

/** Uploads a file into the project through /api/uploads (one part) and registers it as the track's next version. */
async function uploadVersion(api: APIRequestContext, projectId: number, trackId: number, name: string, body: Buffer, notes: string) {
  const started = await api.post('/api/uploads/s3/multipart', { data: { filename: name, type: 'audio/wav', metadata: { projectId } } });
  expect(started.status(), await started.text()).toBe(200);
  const { key, uploadId } = (await started.json()) as { key: string; uploadId: string };
  const base = `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}`;
  const query = `?key=${encodeURIComponent(key)}`;
  const signed = (await (await api.get(`${base}/1${query}`)).json()) as { url: string };
  const put = await api.put(signed.url, { data: body, headers: { 'Content-Type': 'audio/wav' } });
  expect(put.ok(), await put.text()).toBe(true);
  const done = await api.post(`${base}/complete${query}`, { data: { parts: [{ PartNumber: 1, ETag: put.headers().etag }] } });
  expect(done.ok(), await done.text()).toBe(true);
  const { location } = (await done.json()) as { location: string };
  const registered = await api.post(`/api/admin/projects/${projectId}/tracks/${trackId}/versions`, {
    data: { objectPath: location, notes },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return (await registered.json()) as { id: number; number: number };
}

/** Waits until every version of the track is measured, and answers the track. */
async function analysedTrack(api: APIRequestContext, projectId: number, trackId: number, versions: number): Promise<TrackView> {
  let track: TrackView | undefined;
  await expect
    .poll(
      async () => {
        track = (await (await api.get(`/api/admin/projects/${projectId}/tracks/${trackId}`)).json()) as TrackView;
        return track.versions.length === versions && track.versions.every((version) => version.analysisState === 'done');
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
  return track!;
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    // The waveform redraws for the new width.
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const audio = (page: Page, slot: 'a' | 'b') => page.locator(`audio[data-slot="${slot}"]`);
const thread = (page: Page, time: string | RegExp) =>
  page
    .locator('[data-comment-thread]')
    .filter({ has: page.getByRole('button', { name: typeof time === 'string' ? `Play from ${time}` : time }) });

/** The owner's browser, signed in through the API on the context (its pages share the cookie). */
async function ownerBrowser(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const login = await context.request.post('/api/admin/login', {
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
    headers: { Origin: baseURL },
  });
  expect(login.ok()).toBe(true);
  return context;
}

test('a client compares two versions loudness-matched, comments at the second, asks for revisions and approves the next version', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const clientEmail = `listener-${Date.now()}@example.test`;
  const owner = await ownerApi(playwright, baseURL!);
  const created = await owner.post('/api/admin/projects', {
    data: { title: 'Night Swim EP', clientName: 'Robin Client', clientEmail, packageKey: 'standard', price: null, dueDate: null },
  });
  expect(created.status(), await created.text()).toBe(201);
  const projectId = ((await created.json()) as { id: number }).id;
  const trackResponse = await owner.post(`/api/admin/projects/${projectId}/tracks`, { data: { title: 'Midnight Drive' } });
  expect(trackResponse.status()).toBe(201);
  const trackId = ((await trackResponse.json()) as { id: number }).id;
  const v1 = await uploadVersion(owner, projectId, trackId, 'midnight-drive-v1.wav', mixWav(0), 'First pass: balance and space.');
  const v2 = await uploadVersion(owner, projectId, trackId, 'midnight-drive-v2.wav', mixWav(6), 'Vocal up, more glue on the drums.');
  const measured = await analysedTrack(owner, projectId, trackId, 2);
  const loudness = Object.fromEntries(measured.versions.map((version) => [version.id, version.loudnessLufs!]));
  expect(loudness[v2.id]! - loudness[v1.id]!).toBeCloseTo(6, 0);

  const invitedAt = Date.now() - 1000;
  expect((await owner.post(`/api/admin/projects/${projectId}/invite`)).status()).toBe(202);
  const invitation = await latestMailTo(clientEmail, invitedAt, /project space/);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(signInLinkOf(invitation));
  await expect(page).toHaveURL(new RegExp(`/portal/projects/${projectId}$`));

  // The review room: peaks drawn from the analysis, and not one byte of audio before play.
  const audioRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/versions\/\d+\/audio/.test(request.url())) audioRequests.push(request.url());
  });
  const room = `/portal/projects/${projectId}/review/${trackId}`;
  // Another project's track, like one that does not exist, is not found; the room is private and not indexed.
  expect((await page.goto(`/portal/projects/${projectId + 1000}/review/${trackId}`))!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Track not found' })).toBeVisible();
  const opened = (await page.goto(room))!;
  expect(opened.headers()['cache-control']).toBe('private, no-store');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'Midnight Drive' })).toBeVisible();
  await expect(page.locator('[data-waveform="drawn"]')).toBeVisible();
  await expect(audio(page, 'a')).toHaveAttribute('data-version', String(v2.id));
  await expect(audio(page, 'b')).toHaveAttribute('data-version', String(v1.id));
  // Matched by default: the louder v2 (A) is turned down 6 dB to v1's level; v1 plays as delivered.
  await expect(page.locator('[data-gain-shown="a"]')).toHaveText('\u22126.0 dB');
  await expect(page.locator('[data-gain-shown="b"]')).toHaveText('0.0 dB');
  await page.waitForTimeout(1000);
  expect(audioRequests, 'no audio is requested before play').toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'review-room-client');

  // Play: both versions stream (Range requests) and run in step, A audible.
  await page.getByRole('button', { name: 'Play v2', exact: true }).click();
  await expect(page.locator('[data-review-player]')).toHaveAttribute('data-playing', 'true');
  await expect.poll(() => audioRequests.length).toBeGreaterThan(0);
  await expect
    .poll(() => audio(page, 'a').evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(3);
  expect(await audio(page, 'a').getAttribute('data-audible')).toBe('true');
  expect(Number(await audio(page, 'a').getAttribute('data-gain'))).toBeCloseTo(10 ** (-6 / 20), 2);

  /**
   * Switches with the B key during playback: the position carries over. Both elements are read in one
   * step after the switch, so the check is the player's own (the one now heard is where the other
   * was), not a race between the audio clock and a loaded machine's wall clock.
   */
  async function switchTo(slot: 'a' | 'b') {
    const from = slot === 'a' ? 'b' : 'a';
    const before = await audio(page, from).evaluate((element: HTMLAudioElement) => element.currentTime);
    await page.keyboard.press('b');
    await expect(audio(page, slot)).toHaveAttribute('data-audible', 'true');
    const after = await page.evaluate(
      ([heard, left]) => {
        const element = (name: string) => document.querySelector<HTMLAudioElement>(`audio[data-slot="${name}"]`)!;
        return {
          t: element(heard).currentTime,
          other: element(left).currentTime,
          paused: element(heard).paused,
          audible: element(heard).dataset.audible,
          gain: Number(element(heard).dataset.gain),
        };
      },
      [slot, from] as const,
    );
    expect(Math.abs(after.t - after.other), `position after switching to ${slot}`).toBeLessThan(0.25);
    expect(after.t, `no jump back after switching to ${slot}`).toBeGreaterThanOrEqual(before - 0.05);
    expect(after.paused).toBe(false);
    expect(after.audible).toBe('true');
    expect(await audio(page, from).getAttribute('data-gain')).toBe('0.0000');
    await expect(page.locator('[data-review-player]')).toHaveAttribute('data-active-slot', slot);
    return after.gain;
  }
  // B is v1, the quieter: full level; back on A, v2 again 6 dB down. The level matches either way.
  expect(await switchTo('b')).toBeCloseTo(1, 3);
  await page.waitForTimeout(1500);
  expect(await switchTo('a')).toBeCloseTo(10 ** (-6 / 20), 2);
  // Heard as delivered, nothing is turned down.
  await page.getByRole('switch', { name: 'Hear as delivered' }).click();
  await expect(page.locator('[data-gain-shown="a"]')).toHaveText('0.0 dB');
  expect(Number(await audio(page, 'a').getAttribute('data-gain'))).toBe(1);
  await page.getByRole('switch', { name: 'Hear as delivered' }).click();
  await page.keyboard.press('Space');
  await expect(page.locator('[data-review-player]')).toHaveAttribute('data-playing', 'false');

  // A comment at 0:42 on v2, typed in.
  await page.getByLabel('At', { exact: true }).fill('0:42');
  await page.getByLabel(/^Your comment at/).fill('The vocal is too loud here, see https://example.com/reference');
  await page.getByRole('button', { name: /^Post at 0:42/ }).click();
  await expect(thread(page, '0:42')).toContainText('The vocal is too loud here');
  await expect(thread(page, '0:42').getByRole('link', { name: 'https://example.com/reference' })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow',
  );
  await expect(page.locator('[data-marker]')).toHaveCount(1);

  // A range comment, dragged across the waveform from about 0:10 to 0:20.
  const slider = page.getByRole('slider', { name: 'Position in v2' });
  await slider.scrollIntoViewIfNeeded();
  const box = (await slider.boundingBox())!;
  const xAt = (seconds: number) => box.x + (box.width * seconds) / SECONDS;
  await page.mouse.move(xAt(10), box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(xAt(15), box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(xAt(20), box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByLabel('Range')).toBeChecked();
  await page.getByLabel(/^Your comment at/).fill('Hats get harsh through this part');
  await page.getByRole('button', { name: /^Post at 0:(09|10)/ }).click();
  const rangeThread = thread(page, /^Play from 0:(09|10).*–0:(19|20)/);
  await expect(rangeThread).toContainText('Hats get harsh');
  await expect(page.locator('[data-marker]')).toHaveCount(2);
  // The list is in the order of the song, and a marker seeks to its comment.
  await expect(page.locator('[data-comment-thread]').first()).toContainText('Hats get harsh');
  await page.locator('[data-marker]').last().click();
  await expect.poll(async () => Number(await page.locator('[data-player-time]').getAttribute('data-player-time'))).toBeCloseTo(42, 0);

  // The studio, in its own browser: replies to the comment at 0:42 and resolves it.
  const ownerContext = await ownerBrowser(browser, baseURL!);
  const studio = await ownerContext.newPage();
  await studio.setViewportSize({ width: 1440, height: 900 });
  await studio.goto(`/manage/projects/${projectId}/review/${trackId}`);
  await expect(studio.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(studio.getByRole('heading', { level: 2, name: 'Midnight Drive' })).toBeVisible();
  const studioThread = thread(studio, '0:42');
  await expect(studioThread).toContainText('The vocal is too loud here');
  await studioThread.getByRole('button', { name: 'Reply' }).click();
  await studioThread.getByLabel(/^Reply to the comment at 0:42/).fill('Pulled it down 1.5 dB in the chorus for v3.');
  await studioThread.getByRole('button', { name: 'Send reply' }).click();
  await expect(studioThread.locator('[data-comment-reply]')).toContainText('Pulled it down 1.5 dB');
  await studioThread.getByRole('button', { name: 'Resolve' }).click();
  await expect(studioThread).toHaveAttribute('data-resolved', 'true');
  await expect(studioThread).toContainText('Resolved');
  await expectNoSeriousA11yViolations(studio);
  await shoot(studio, 'review-room-studio');

  // The client, from the e-mail's link to that moment, sees the reply and the resolved thread, and asks for a round of revisions.
  await page.goto(`${room}?version=${v2.number}&t=42`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(thread(page, '0:42')).toHaveAttribute('data-resolved', 'true');
  await expect(thread(page, '0:42')).toHaveAttribute('aria-current', 'true');
  await expect(thread(page, '0:42').locator('[data-comment-reply]')).toContainText('Pulled it down 1.5 dB');
  await expect(page.locator('[data-rounds]')).toHaveText('Revision rounds: used 0 of 3');
  await page.getByRole('button', { name: 'Request revisions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request revisions' });
  await dialog.getByLabel('Summary').fill('Vocal level in the chorus, and tame the hats between 0:10 and 0:20.');
  await dialog.getByRole('button', { name: 'Send the request' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-track-state]')).toHaveAttribute('data-track-state', 'revisions_requested');
  await expect(page.locator('[data-rounds]')).toHaveText('Revision rounds: used 1 of 3');
  await expect(page.getByRole('button', { name: 'Approve this version' })).toHaveCount(0);

  // The studio hears of it at once with the summary (no batch), and reads it on the project page beside v2.
  const askedMail = () =>
    outboxMails().find((mail) => /asked for revisions on version 2 of "Midnight Drive" \(round 1\)/.test(mail.subject));
  await expect.poll(() => askedMail()?.text ?? '', { timeout: 20_000 }).toContain('Vocal level in the chorus');
  const projectPage = await ownerContext.newPage();
  await projectPage.goto(`/manage/projects/${projectId}`);
  const rounds = projectPage.getByRole('list', { name: 'Revision rounds' });
  await expect(rounds).toContainText('Round 1 on v2');
  await expect(rounds).toContainText('Vocal level in the chorus, and tame the hats between 0:10 and 0:20.');
  await shoot(projectPage, 'admin-project-rounds');
  await projectPage.close();

  // The studio uploads v3 through the room's uploader, with release notes.
  const files = mkdtempSync(path.join(tmpdir(), 'review-room-'));
  try {
    const v3File = path.join(files, 'midnight-drive-v3.wav');
    writeFileSync(v3File, mixWav(3));
    await studio.reload();
    await expect(studio.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(studio.getByRole('list', { name: 'Revision rounds' })).toContainText('Vocal level in the chorus');
    await shoot(studio, 'review-room-rounds');
    await studio.getByRole('button', { name: 'Upload v3' }).click();
    await studio.getByLabel(/^Release notes for v3/).fill('Chorus vocal down 1.5 dB, hats softened.');
    await studio.locator('.uppy-Dashboard-input').first().setInputFiles(v3File);
    await studio.getByRole('button', { name: /^Upload 1 file/ }).click();
    // The room offers the new version against the one before it.
    await studio.getByRole('button', { name: 'Compare v3 with v2' }).click({ timeout: 60_000 });
    await expect(studio.getByRole('button', { name: 'Hear A v3' })).toBeVisible();
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
  const withV3 = await analysedTrack(owner, projectId, trackId, 3);
  const v3 = withV3.versions.find((version) => version.number === 3)!;
  expect(v3.notes).toBe('Chorus vocal down 1.5 dB, hats softened.');

  // The client opens v3 (as the e-mail's link would), sees what is left to check from v2, and approves.
  await page.goto(`${room}?version=${v3.number}&t=42`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(audio(page, 'a')).toHaveAttribute('data-version', String(v3.id));
  await expect(page.locator('[data-player-time]')).toHaveAttribute('data-player-time', '42.00');
  await expect(page.getByRole('heading', { name: 'To check from v2' })).toBeVisible();
  await expect(page.locator('[data-to-check]')).toHaveCount(1);
  await expect(page.locator('[data-to-check]')).toContainText('Hats get harsh');
  // Playback starts at the linked moment; another version chosen for B while playing joins at the same moment.
  await page.getByRole('button', { name: 'Play v3', exact: true }).click();
  await expect.poll(() => audio(page, 'a').evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(42.5);
  await page.getByLabel('Version B').selectOption(String(v1.id));
  await expect(audio(page, 'b')).toHaveAttribute('data-version', String(v1.id));
  await expect
    .poll(async () => {
      const [a, b] = await page.evaluate(() => [...document.querySelectorAll('audio')].map((element) => element.currentTime));
      return Math.abs(a! - b!);
    })
    .toBeLessThan(0.1);
  await page.getByRole('button', { name: 'Hear B v1' }).click();
  await expect(page.locator('[data-review-player]')).toHaveAttribute('data-active-slot', 'b');
  expect(await audio(page, 'b').evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
  await page.keyboard.press('Space');
  await expect(page.locator('[data-review-player]')).toHaveAttribute('data-playing', 'false');
  await page.getByRole('button', { name: 'Approve this version' }).click();
  await page.getByRole('dialog', { name: 'Approve v3?' }).getByRole('button', { name: 'Approve v3' }).click();
  await expect(page.locator('[data-track-state]')).toHaveAttribute('data-track-state', 'approved');
  await expect(page.locator('[data-approved-version]')).toContainText('v3 is approved');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'review-room-client-approved');

  // Every track approved: the project is approved, not delivered (no masters yet), for the client and the studio.
  const portalView = await page.request.get(`/api/portal/projects/${projectId}`);
  expect(((await portalView.json()) as { status: string }).status).toBe('approved');
  expect(((await (await owner.get(`/api/admin/projects/${projectId}`)).json()) as { status: string }).status).toBe('approved');
  await page.goto(`/portal/projects/${projectId}`);
  await expect(page.getByRole('region', { name: 'Where your project stands' })).toContainText('We are preparing your masters');
  await studio.reload();
  await expect(studio.locator('[data-track-state]')).toHaveAttribute('data-track-state', 'approved');
  await expect(studio.getByRole('button', { name: 'Approve this version' })).toHaveCount(0);
  await ownerContext.close();
  await owner.dispose();

  // On a phone: a tap on the waveform moves the playhead there and pins a comment to that moment.
  const phone = await browser.newContext({
    baseURL,
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const mobile = await phone.newPage();
  await mobile.goto(room);
  await expect(mobile.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const waveform = mobile.getByRole('slider', { name: 'Position in v3' });
  await waveform.scrollIntoViewIfNeeded();
  const area = (await waveform.boundingBox())!;
  await mobile.touchscreen.tap(area.x + area.width / 2, area.y + area.height / 2);
  await expect.poll(async () => Number(await mobile.locator('[data-player-time]').getAttribute('data-player-time'))).toBeCloseTo(30, 0);
  await expect(mobile.getByRole('button', { name: /^Post at 0:(29|30)/ })).toBeVisible();
  await phone.close();
});

test('signed out, the review rooms ask to sign in and are not stored anywhere', async ({ page }) => {
  const portal = (await page.goto('/portal/projects/1/review/1'))!;
  expect(portal.status()).toBe(401);
  expect(portal.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to listen and comment' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  const manage = (await page.goto('/manage/projects/1/review/1'))!;
  expect(manage.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
});
