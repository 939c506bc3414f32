import { expect, test, type Page, type Request } from '@playwright/test';

// A phone with JavaScript off: every sample still plays, in the browser's own player.

const DEMO_TITLES = ['Demo: Midnight Groove', 'Demo: Golden Hour', 'Demo: Slow Tide'];
const SHOTS = process.env.SHOTS_DIR;

test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

function recordAudioRequests(page: Page) {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/objects/') && request.method() === 'GET') requests.push(request);
  });
  return requests;
}

for (const path of ['/', '/samples']) {
  test(`${path} gives every sample the browser's own audio controls, and says "Loading..." nowhere`, async ({ page, request }) => {
    const samples: Array<{ title: string; audioUrl: string }> = await (await request.get('/api/samples')).json();
    const audio = recordAudioRequests(page);
    await page.goto(path);

    for (const title of DEMO_TITLES) {
      const native = page.locator(`audio[controls][aria-label="${title}"]`);
      await expect(native).toBeVisible();
      await expect(native).toHaveAttribute('src', samples.find((sample) => sample.title === title)!.audioUrl);
      await expect(native).toHaveAttribute('preload', 'none');
    }
    // The script's players (and their "Loading...") stay hidden: nothing would ever drive them.
    await expect(page.getByText('Loading...').filter({ visible: true })).toHaveCount(0);
    await expect(page.getByRole('group', { name: /^Audio player:/ })).toHaveCount(0);
    expect(audio).toEqual([]);

    if (SHOTS) {
      const first = page.locator(`audio[controls][aria-label="${DEMO_TITLES[0]}"]`);
      await first.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/players-no-js${path === '/' ? '-home' : '-samples'}-390.png` });
      await page.setViewportSize({ width: 1440, height: 900 });
      await first.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/players-no-js${path === '/' ? '-home' : '-samples'}-1440.png` });
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });
}

test('the native player plays the sample when pressed', async ({ page }) => {
  const audio = recordAudioRequests(page);
  await page.goto('/samples');
  const native = page.locator(`audio[controls][aria-label="${DEMO_TITLES[0]}"]`);
  const box = (await native.boundingBox())!;
  // The play button sits at the left end of the controls.
  await page.mouse.click(box.x + 24, box.y + box.height / 2);
  await expect.poll(() => audio.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(new URL(audio[0].url()).pathname).toBe(await native.getAttribute('src'));
});
