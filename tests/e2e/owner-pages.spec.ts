import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page, type Request } from '@playwright/test';
import { openDashboard, openSection, restoreOriginalContent, saveSection, toast } from './site-editor-support';
import { expectNoSeriousA11yViolations } from './support';

/*
 * The owner's own pages (decision 119): the owner builds a "Credits" page in the site editor with a
 * credits list and a Spotify player and publishes it; a visitor reads it, and the page asks no third
 * party for anything until the play button is pressed. No third-party host is reachable from the
 * test machine, so the player's own address is answered locally: the test checks the facade and the
 * policy, not playback.
 */

const SHOTS = process.env.SHOTS_DIR;
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe over the open section's editor only: the dashboard around it is other journeys' to judge. */
async function expectEditorAxeClean(page: Page) {
  await page.evaluate(axeSource);
  const serious = await page.evaluate(async () => {
    type Result = { violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }> };
    const axe = (window as unknown as { axe: { run: (context: unknown, options: object) => Promise<Result> } }).axe;
    const { violations } = await axe.run({ include: [['main section[aria-labelledby]']] }, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(serious, serious.join('\n')).toEqual([]);
}
const SPOTIFY = 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy';
const SPOTIFY_EMBED = 'https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy';

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.afterAll(({ playwright, baseURL }) => restoreOriginalContent({ playwright, baseURL }, ['pages']));

async function addBlock(page: Page, kind: string) {
  await page.getByLabel('Kind of block to add', { exact: true }).selectOption({ label: kind });
  await page.getByRole('button', { name: 'Add block', exact: true }).click();
}

test('the owner adds a Credits page with a credits list and a Spotify player, and publishes it', async ({ page }) => {
  await openDashboard(page);
  await openSection(page, 'Pages');
  await page.getByRole('button', { name: 'Add page', exact: true }).click();
  await page.getByLabel('Page 1 title', { exact: true }).fill('Credits');
  await page.getByLabel('Page 1 title', { exact: true }).blur();
  await expect(page.getByLabel('Page 1 address', { exact: true })).toHaveValue('credits');
  await page.getByLabel('Block 1 text', { exact: true }).fill('Records we mixed and mastered, with the artists who made them.');

  await addBlock(page, 'Credits list');
  await page.getByLabel('Block 2 heading', { exact: true }).fill('Selected credits');
  await page.getByLabel('Credit 1 artist', { exact: true }).fill('Ada North');
  await page.getByLabel('Credit 1 title', { exact: true }).fill('Northern Lights');
  await page.getByLabel('Credit 1 role', { exact: true }).fill('Mixing');
  await page.getByLabel('Credit 1 year (optional)', { exact: true }).fill('2025');

  await addBlock(page, 'Player (Spotify, YouTube…)');
  await page.getByLabel('Block 3 link', { exact: true }).fill('https://evil.example/album/4aawyAB9vmqN3uQ7FjRGTy');
  await page.getByRole('button', { name: 'Check link', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Paste a link to a Spotify' })).toBeVisible();
  await page.getByLabel('Block 3 link', { exact: true }).fill(SPOTIFY);
  await page.getByLabel('Block 3 title (optional)', { exact: true }).fill('Northern Lights, the album');
  await page.getByRole('button', { name: 'Check link', exact: true }).click();
  await expect(page.getByText('Spotify player: ready to show')).toBeVisible();

  await expectEditorAxeClean(page);
  if (SHOTS) {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/pages-editor-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await saveSection(page, 'Pages');
  await expect(toast(page)).toContainText('Pages saved');
});

test('a visitor reads the page; nothing asks Spotify until play is pressed, then its player appears', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).origin !== origin && !request.url().startsWith('data:')) elsewhere.push(request.url());
  });
  // Nothing outside is reachable here: the player's address gets a stand-in page once it is asked for.
  await context.route('https://open.spotify.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>player</p>' }));

  const response = await page.goto('/credits');
  expect(response?.status()).toBe(200);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy.split('; ').find((part) => part.startsWith('frame-src'))).toBe('frame-src https://open.spotify.com');
  await expect(page.getByRole('heading', { level: 1, name: 'Credits' })).toBeVisible();
  await expect(page.getByText('Northern Lights', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('iframe')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  if (SHOTS) {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/credits-page-${width}.png`, fullPage: true });
    }
  }
  expect(elsewhere, 'requests to third parties before play').toEqual([]);
  expect(await context.cookies()).toEqual([]);

  const play = page.getByRole('link', { name: /Northern Lights, the album/ });
  await expect(play).toHaveAttribute('href', SPOTIFY);
  await play.click();
  const frame = page.locator('iframe[data-embed-frame="spotify"]');
  await expect(frame).toHaveAttribute('src', SPOTIFY_EMBED);
  await expect(frame).toHaveAttribute('title', 'Spotify: Northern Lights, the album');
  await expect.poll(() => elsewhere.some((url) => url.startsWith(SPOTIFY_EMBED))).toBe(true);
  await context.close();
});

test('a page without players keeps a policy without frame-src, and the sitemap lists the page', async ({ request }) => {
  const about = await request.get('/about');
  expect(about.headers()['content-security-policy']).not.toContain('frame-src');
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/credits</loc>');
});

test('without JavaScript the player is a plain link to Spotify', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/credits');
  await expect(page.getByRole('link', { name: /Northern Lights, the album/ })).toHaveAttribute('href', SPOTIFY);
  await expect(page.locator('iframe')).toHaveCount(0);
  await context.close();
});
