import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, gotoHydrated, holdClientEntry } from './support';
import { DEFAULT_STUDIO } from '#common/site-content/defaults.ts';
import { formatOpeningHours } from '#common/site-content/format.ts';

const ROUTES: Array<[string, RegExp]> = [
  ['/', /Professional Audio/],
  ['/services', /Services/],
  ['/services/mixing-mastering', /Mixing & Mastering/],
  ['/services/vocal-production', /Vocal Production/],
  ['/process', /Process/],
  ['/samples', /Samples/],
  ['/about', /About/],
  ['/contact', /Consultation/],
  ['/privacy-policy', /Privacy Policy/],
  ['/terms-of-service', /Terms of Service/],
  ['/manage', /Admin/],
];

test.describe('site shell', () => {
  for (const [path, title] of ROUTES) {
    test(`${path} renders with its own title`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('h1').first()).toBeVisible();
    });
  }

  test('an unknown path renders the 404 page with status 404', async ({ page }) => {
    const response = await page.goto('/services/sound-design');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(/^404 Page Not Found \| .+/);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  });

  test('a path with capitals and a trailing slash lands on its canonical address', async ({ page }) => {
    await page.goto('/About/?from=test');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/about?from=test');
  });

  test('the server HTML carries the page tags and structured data without JavaScript', async ({ request }) => {
    const html = await (await request.get('/about')).text();
    expect(html).toMatch(/<title>[^<]*About/);
    expect(html).toContain('property="og:title"');
    expect(html).toContain('name="twitter:card"');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/about"/);
    expect(html).toContain(`"addressLocality":"${DEFAULT_STUDIO.location.city}"`);
    expect(html).toContain(`"email":"${DEFAULT_STUDIO.email}"`);
    expect(html).toContain('"openingHoursSpecification":[{"@type":"OpeningHoursSpecification","dayOfWeek":["Monday"');
  });

  test("the footer shows the owner's studio, e-mail and hours, and this year's copyright", async ({ page }) => {
    await page.goto('/process');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: DEFAULT_STUDIO.email })).toHaveAttribute('href', `mailto:${DEFAULT_STUDIO.email}`);
    await expect(footer.getByText(formatOpeningHours(DEFAULT_STUDIO.hours))).toBeVisible();
    await expect(footer.getByText(`© ${new Date().getFullYear()} ${DEFAULT_STUDIO.name}.`)).toBeVisible();
  });

  test('static assets are compressed and cached for a year as immutable', async ({ request }) => {
    const html = await (await request.get('/')).text();
    // The islands starter names the entry (decision 059).
    const asset = html.match(/"(\/assets\/islands-[^"]+\.js)"/)?.[1];
    expect(asset).toBeTruthy();
    const res = await request.get(asset as string, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers()['content-encoding']).toBe('gzip');
    const brotli = await request.get(asset as string, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(brotli.headers()['content-encoding']).toBe('br');
    expect(await brotli.body()).toEqual(await res.body());
    const missing = await request.get('/assets/does-not-exist.js');
    expect(missing.status()).toBe(404);
  });

  test('robots.txt and sitemap.xml list the public pages', async ({ request }) => {
    expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/services/mixing-mastering</loc>');
    expect(sitemap).not.toContain('/manage');
  });

  test('the active link is highlighted: Home only on /, Services on its sub-pages', async ({ page }) => {
    await page.goto('/services/vocal-production');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('summary', { hasText: 'Services' })).toHaveClass(/text-accent/);
    await page.goto('/');
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  test('the Services dropdown works with the keyboard', async ({ page }) => {
    // The arrow keys and Escape are JavaScript's: pressed before hydration they would do nothing.
    await gotoHydrated(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const trigger = nav.locator('summary', { hasText: 'Services' });
    const panel = nav.locator('details ul');
    await expect(panel).toBeHidden();
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('link')).toHaveText(['All Services', 'Mixing & Mastering', 'Vocal Production']);
    await page.keyboard.press('ArrowDown');
    await expect(panel.getByRole('link', { name: 'All Services' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/services\/mixing-mastering$/);
    await expect(panel).toBeHidden();
    // Escape closes it and gives focus back to the trigger.
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('a Services menu opened before the page is interactive closes with Escape once it is', async ({ page }) => {
    const hydrate = await holdClientEntry(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const trigger = nav.locator('summary', { hasText: 'Services' });
    const panel = nav.locator('details ul');
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');

    hydrate();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('the Services links open without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.locator('summary', { hasText: 'Services' }).click();
    await nav.getByRole('link', { name: 'Vocal Production' }).click();
    await expect(page).toHaveURL(/\/services\/vocal-production$/);
    await context.close();
  });

  test('a route change scrolls the page back to the top', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the home page has no serious accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens from the right, traps focus, navigates and closes', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel).toBeVisible();
    const box = await panel.boundingBox();
    expect(box && box.x + box.width).toBeGreaterThanOrEqual(389);
    for (let i = 0; i < 15; i += 1) await page.keyboard.press('Tab');
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await panel.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(panel).toBeHidden();
  });

  test('closes on Escape', async ({ page }) => {
    await gotoHydrated(page, '/process');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('the mobile page has no serious accessibility violations', async ({ page }) => {
    await page.goto('/contact');
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('console', () => {
  const PUBLIC_PATHS = [
    '/',
    '/services',
    '/services/mixing-mastering',
    '/services/vocal-production',
    '/process',
    '/samples',
    '/about',
    '/contact',
    '/privacy-policy',
    '/terms-of-service',
    '/manage',
  ];

  test('public pages hydrate without errors, CSP violations or hydration mismatches', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    for (const path of PUBLIC_PATHS) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
  });
});
