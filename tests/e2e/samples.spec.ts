import { expect, test, type Page, type Request } from '@playwright/test';
import { expectNoSeriousA11yViolations, gotoHydrated } from './support';

const DEMO_TITLES = ['Demo: Midnight Groove', 'Demo: Golden Hour', 'Demo: Slow Tide'];
// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

const isAudio = (request: Request) => new URL(request.url()).pathname.startsWith('/objects/');

/** Records every request for audio bytes (GET /objects/...) the page makes. */
function recordAudioRequests(page: Page) {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (isAudio(request) && request.method() === 'GET') requests.push(request);
  });
  return requests;
}

const isWaveSurfer = (url: string | URL) => /\/assets\/wavesurfer[^/]*\.js$/.test(new URL(url).pathname);

/** Records every request for the wavesurfer.js chunk, which the players load only when one comes near. */
function recordWaveSurferRequests(page: Page) {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (isWaveSurfer(request.url())) requests.push(request.url());
  });
  return requests;
}

const player = (page: Page, title: string) => page.getByRole('group', { name: `Audio player: ${title}` });
const waveform = (page: Page, title: string) => player(page, title).locator('[data-waveform]');
const featuredBlock = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Featured Mix & Mastering Samples' }) });

/** Screenshots of the players at 390 and 1440 px once every one in `titles` is drawn. */
async function shootPlayers(page: Page, name: string, titles: string[]) {
  if (!SHOTS) return;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await player(page, titles[0]).scrollIntoViewIfNeeded();
    for (const title of titles) await expect(waveform(page, title)).toHaveAttribute('data-waveform', 'drawn');
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

const currentTime = (page: Page, title: string) =>
  player(page, title)
    .locator('audio')
    .evaluate((audio: HTMLAudioElement) => audio.currentTime);

test.describe('sample portfolio', () => {
  test('/samples has the seeded samples in its first HTML and costs no audio bytes before play', async ({ page, request }) => {
    const html = await (await request.get('/samples')).text();
    for (const title of DEMO_TITLES) expect(html).toContain(title);
    expect(html).toMatch(/by (<!-- -->)?Studio Demo/);

    const audio = recordAudioRequests(page);
    await page.goto('/samples');
    for (const title of DEMO_TITLES) {
      await expect(player(page, title)).toHaveAttribute('data-player-status', 'ready');
      await expect(player(page, title).getByRole('button', { name: `Play ${title}` })).toBeEnabled();
    }
    await expect(player(page, DEMO_TITLES[0])).toContainText(/0:00 \/ 0:1\d/);
    // The players in view draw their stored waveforms (wavesurfer renders canvases in its shadow root).
    await expect(waveform(page, DEMO_TITLES[0])).toHaveAttribute('data-waveform', 'drawn');
    await expect(waveform(page, DEMO_TITLES[0]).locator('canvas').first()).toBeAttached();
    await page.waitForTimeout(500);
    expect(audio.map((r) => r.url())).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    await shootPlayers(page, 'players-samples', DEMO_TITLES.slice(0, 2));
  });

  test('the home page shows the featured samples with compact players and no audio requests', async ({ page }) => {
    const audio = recordAudioRequests(page);
    await page.goto('/');
    const block = featuredBlock(page);
    await expect(block.getByText('Listen to our latest professionally mastered tracks across various genres')).toBeVisible();
    for (const title of DEMO_TITLES) await expect(player(page, title)).toHaveAttribute('data-player-status', 'ready');
    await expect(block.getByText('Showing 3 samples')).toBeVisible();
    // Compact: no volume or mute controls.
    await expect(block.getByRole('slider')).toHaveCount(0);
    await expect(block.getByRole('link', { name: 'View All Samples' })).toHaveAttribute('href', '/samples');
    await page.waitForTimeout(500);
    expect(audio).toEqual([]);
  });

  test('the home page draws no waveform and loads no wavesurfer.js until the featured block comes near', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const wavesurfer = recordWaveSurferRequests(page);
    const audio = recordAudioRequests(page);
    await gotoHydrated(page, '/');
    await page.waitForLoadState('networkidle');
    // Ready to play (the stored duration is enough), but nothing drawn and nothing loaded for drawing yet.
    for (const title of DEMO_TITLES) {
      await expect(player(page, title)).toHaveAttribute('data-player-status', 'ready');
      await expect(waveform(page, title)).toHaveAttribute('data-waveform', 'pending');
    }
    await expect(featuredBlock(page).locator('canvas')).toHaveCount(0);
    expect(wavesurfer).toEqual([]);

    await featuredBlock(page).getByRole('heading', { name: 'Featured Mix & Mastering Samples' }).scrollIntoViewIfNeeded();
    await expect(waveform(page, DEMO_TITLES[0])).toHaveAttribute('data-waveform', 'drawn');
    await expect(featuredBlock(page).locator('canvas').first()).toBeAttached();
    expect(wavesurfer).toHaveLength(1);
    expect(audio).toEqual([]);
    await shootPlayers(page, 'players-home', DEMO_TITLES);
    await page.setViewportSize({ width: 390, height: 844 });

    await player(page, DEMO_TITLES[0])
      .getByRole('button', { name: `Play ${DEMO_TITLES[0]}` })
      .click();
    await expect(player(page, DEMO_TITLES[0])).toHaveAttribute('data-playing', 'true');
    await expect.poll(() => currentTime(page, DEMO_TITLES[0]), { timeout: 10_000 }).toBeGreaterThan(0.3);
  });

  test('a player pressed before its waveform is drawn plays at once, and draws it then', async ({ page }) => {
    // wavesurfer.js is held back until the player is already playing.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isWaveSurfer, async (route) => {
      await held;
      await route.continue();
    });
    await gotoHydrated(page, '/');
    const [title] = DEMO_TITLES;
    await player(page, title)
      .getByRole('button', { name: `Play ${title}` })
      .click();
    await expect(player(page, title)).toHaveAttribute('data-playing', 'true');
    await expect.poll(() => currentTime(page, title), { timeout: 10_000 }).toBeGreaterThan(0.3);
    await expect(waveform(page, title)).toHaveAttribute('data-waveform', 'pending');

    release();
    await expect(waveform(page, title)).toHaveAttribute('data-waveform', 'drawn');
    // Drawing took nothing from the playing audio: it goes on.
    await expect(player(page, title)).toHaveAttribute('data-playing', 'true');
    const before = await currentTime(page, title);
    await expect.poll(() => currentTime(page, title)).toBeGreaterThan(before);
    await player(page, title)
      .getByRole('button', { name: `Pause ${title}` })
      .click();
    await expect(player(page, title)).toHaveAttribute('data-playing', 'false');
  });

  test('play advances time, seeking uses Range requests, and only one player plays at a time', async ({ page }) => {
    const audio = recordAudioRequests(page);
    const ranged: string[] = [];
    page.on('response', (response) => {
      if (isAudio(response.request()) && response.status() === 206) ranged.push(response.request().headers()['range'] ?? '');
    });
    await page.goto('/samples');
    const [first, second] = DEMO_TITLES;
    await expect(player(page, first)).toHaveAttribute('data-player-status', 'ready');
    await player(page, first)
      .getByRole('button', { name: `Play ${first}` })
      .click();
    await expect(player(page, first)).toHaveAttribute('data-playing', 'true');
    await expect.poll(() => currentTime(page, first), { timeout: 10_000 }).toBeGreaterThan(0.3);
    expect(audio.length).toBeGreaterThan(0);

    // Seek with the keyboard (ArrowRight = +5 s) and by clicking late in the waveform.
    await player(page, first).focus();
    const before = await currentTime(page, first);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(page, first)).toBeGreaterThan(before + 4);
    const duration = await player(page, first)
      .locator('audio')
      .evaluate((audio: HTMLAudioElement) => audio.duration);
    const box = (await player(page, first).locator('[data-waveform]').boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.55, box.y + box.height / 2);
    await expect.poll(() => currentTime(page, first)).toBeGreaterThan(duration * 0.5);
    await expect(player(page, first)).toHaveAttribute('data-playing', 'true');
    await expect.poll(() => ranged.length).toBeGreaterThan(0);
    expect(ranged.every((range) => /^bytes=\d+-\d*$/.test(range))).toBe(true);

    // Back to the start (ArrowLeft = -5 s), so the track is still playing when Space resumes it.
    await player(page, first).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentTime(page, first)).toBeLessThan(3);

    // Space on the focused player pauses it.
    await page.keyboard.press(' ');
    await expect(player(page, first)).toHaveAttribute('data-playing', 'false');
    await page.keyboard.press(' ');
    await expect(player(page, first)).toHaveAttribute('data-playing', 'true');

    await player(page, second)
      .getByRole('button', { name: `Play ${second}` })
      .click();
    await expect(player(page, second)).toHaveAttribute('data-playing', 'true');
    await expect(player(page, first)).toHaveAttribute('data-playing', 'false');
    await expect.poll(() => currentTime(page, second)).toBeGreaterThan(0.2);
  });

  test('a missing file shows the error box instead of a player', async ({ page, request }) => {
    const [first, second] = DEMO_TITLES;
    const samples: Array<{ title: string; audioUrl: string }> = await (await request.get('/api/samples')).json();
    const missingUrl = samples.find((s) => s.title === first)!.audioUrl;
    const brokenUrl = samples.find((s) => s.title === second)!.audioUrl;
    // The first file is gone for HEAD and GET; the second answers HEAD but its bytes fail to load.
    await page.route(`**${missingUrl}`, (route) => route.fulfill({ status: 404, body: '' }));
    await page.route(`**${brokenUrl}`, (route) =>
      route.request().method() === 'HEAD'
        ? route.fulfill({ status: 200, contentType: 'audio/wav', body: '' })
        : route.fulfill({ status: 404, body: 'gone' }),
    );
    await page.goto('/samples');
    await expect(player(page, first)).toHaveAttribute('data-player-status', 'ready');
    await player(page, first)
      .getByRole('button', { name: `Play ${first}` })
      .click();
    await expect(page.getByRole('alert').filter({ hasText: `Audio file not accessible: ${first}` })).toBeVisible();
    await player(page, second)
      .getByRole('button', { name: `Play ${second}` })
      .click();
    await expect(page.getByRole('alert').filter({ hasText: `Unable to load: ${second}` })).toBeVisible();
  });
});
