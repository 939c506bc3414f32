import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import type { Service, Services } from '#common/site-content/services.ts';
import { DEFAULT_STUDIO } from '#common/site-content/defaults.ts';
import { openDashboard, openSection } from './site-editor-support';
import { expectNoSeriousA11yViolations } from './support';

/*
 * The services are the owner's content: adding, hiding and renaming one changes its page, the menu,
 * the footer and the sitemap at once, through the shared page cache, and an old address forwards.
 * Every spec shares one e2e server: the services go back to the original afterwards.
 */

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

const STEM_MASTERING: Omit<Service, 'id' | 'formerSlugs'> = {
  slug: 'stem-mastering',
  name: 'Stem Mastering',
  summary: 'Your mix delivered as mastered stems that still add up to the master.',
  priceFrom: 180,
  icon: 'layers',
  visible: true,
  points: ['Up to 8 stems', 'Matched loudness'],
  keywords: ['stem mastering', '{{studio.city}} stem mastering'],
  page: {
    intro: 'Stems mastered together in {{studio.city}}, ready for live shows and sync.',
    sections: [
      {
        eyebrow: 'How it works',
        title: 'Stems That Add Up',
        body: 'Send **every stem** from the same start point.',
        items: [{ title: 'Bounce', text: 'Bounce each group from bar one.' }],
        itemsAs: 'steps',
      },
    ],
    packages: ['premium'],
    packagesTitle: 'Pick a Package',
    cta: { title: 'Send Your Stems', text: 'Tell us how many stems you have.', button: 'Ask About Stems' },
  },
};

let api: APIRequestContext;
let visitor: APIRequestContext;

async function services(): Promise<Services & { version: number }> {
  return ((await (await api.get('/api/admin/site')).json()) as { services: Services & { version: number } }).services;
}

async function saveServices(change: (current: Services) => void) {
  const current = await services();
  change(current);
  const response = await api.put('/api/admin/site/services', { data: current });
  expect(response.status(), await response.text()).toBe(200);
}

/** A visitor's page (no session cookie: the shared cache answers), not following redirects. */
const visit = (path: string) => visitor.get(path, { maxRedirects: 0 });

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL as string } });
  expect((await api.post('/api/admin/login', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } })).ok()).toBe(true);
  visitor = await playwright.request.newContext({ baseURL });
});

test.afterAll(async () => {
  expect((await api.post('/api/admin/site/services/restore-original')).ok()).toBe(true);
  await api.post('/api/admin/logout');
  await api.dispose();
  await visitor.dispose();
});

test.describe.configure({ mode: 'serial' });

test('an added, a hidden and a renamed service change the pages, the menu, the footer and the sitemap at once', async () => {
  // Cached first, so the changes below must clear the cache to show.
  for (const path of ['/', '/services/vocal-production', '/services/mixing-mastering', '/services/mixing-mastering']) await visit(path);
  expect((await visit('/services/mixing-mastering')).headers()['x-page-cache']).toBe('hit');

  await saveServices((current) => current.services.push(STEM_MASTERING as Service));
  const stems = await visit('/services/stem-mastering');
  expect(stems.status()).toBe(200);
  const html = await stems.text();
  expect(html).toContain('<h1');
  expect(html).toContain('Stems That Add Up');
  expect(html).toContain(`Stems mastered together in ${DEFAULT_STUDIO.location.city}`);
  expect(html).toContain('<strong class="font-semibold text-fg">every stem</strong>');
  expect(html).toContain('data-testid="price-premium"');
  expect(html).toMatch(/<title>Stem Mastering \| /);
  expect(html).toContain('rel="canonical" href="' + new URL('/services/stem-mastering', stems.url()).href + '"');
  expect(await (await visit('/sitemap.xml')).text()).toContain('/services/stem-mastering</loc>');
  const home = await (await visit('/')).text();
  expect(home.match(/href="\/services\/stem-mastering"/g)?.length).toBeGreaterThanOrEqual(3); // menu, phone menu, footer

  await saveServices((current) => {
    current.services.find((service) => service.slug === 'vocal-production')!.visible = false;
  });
  expect((await visit('/services/vocal-production')).status()).toBe(404);
  expect(await (await visit('/sitemap.xml')).text()).not.toContain('/services/vocal-production');
  expect(await (await visit('/')).text()).not.toContain('/services/vocal-production');
  expect(await (await visit('/services')).text()).not.toContain('Vocal Production');

  await saveServices((current) => {
    current.services.find((service) => service.slug === 'mixing-mastering')!.slug = 'mix-and-master';
  });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const moved = await visit('/services/mixing-mastering?from=old-link');
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe('/services/mix-and-master');
  }
  expect((await visit('/services/mix-and-master')).status()).toBe(200);
  expect(await (await visit('/')).text()).toContain('href="/services/mix-and-master"');
  expect(await (await visit('/sitemap.xml')).text()).not.toContain('/services/mixing-mastering<');

  // Bad input changes nothing.
  const before = await services();
  const refused = await api.put('/api/admin/site/services', {
    data: { ...before, services: before.services.map((service, index) => (index === 0 ? { ...service, slug: 'Bad Address' } : service)) },
  });
  expect(refused.status()).toBe(400);
  expect(Object.keys(((await refused.json()) as { errors: object }).errors)).toContain('services.0.slug');
  expect((await services()).version).toBe(before.version);
});

test('the owner adds a service with a page in the editor, and it shows on the site', async ({ page }) => {
  await api.post('/api/admin/site/services/restore-original');
  await page.setViewportSize({ width: 390, height: 844 });
  await openDashboard(page);
  await openSection(page, 'Services');
  await page.getByRole('button', { name: 'Add service' }).click();
  await page.getByLabel('Service 3 name', { exact: true }).fill('Audio Restoration');
  // A new service's address follows its name.
  await expect(page.getByLabel('Audio Restoration address', { exact: true })).toHaveValue('audio-restoration');
  await page
    .getByLabel('Audio Restoration summary', { exact: true })
    .fill('Clicks, hum and noise taken out of old and damaged recordings.');
  await page.getByLabel('Audio Restoration price "from"', { exact: true }).selectOption('amount');
  await page.getByLabel('Audio Restoration price "from": amount in dollars', { exact: true }).fill('90');
  await page.getByLabel('Audio Restoration icon', { exact: true }).selectOption('wand-sparkles');
  await page.getByText('Audio Restoration: its page').click();
  await page
    .getByLabel('Audio Restoration page intro', { exact: true })
    .fill('Old tapes and noisy takes, brought back in {{studio.city}}.');
  await page.getByRole('group', { name: 'Audio Restoration: page sections' }).getByRole('button', { name: 'Add section' }).click();
  await page.getByLabel('Audio Restoration section 1 heading', { exact: true }).fill('What We Fix');
  await page.getByLabel('Audio Restoration section 1 text', { exact: true }).fill('Hiss, hum, **clicks** and crackle.');
  await page.getByRole('checkbox', { name: 'Premium Package', exact: true }).check();
  await expect(page.getByText('City: Atlanta').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/services-editor-390.png`, fullPage: true });

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/services-editor-1440.png`, fullPage: true });

  const visitorPage = await page.context().browser()!.newPage();
  await visitorPage.setViewportSize({ width: 390, height: 844 });
  const response = await visitorPage.goto('/services/audio-restoration');
  expect(response?.status()).toBe(200);
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Audio Restoration' })).toBeVisible();
  await expect(visitorPage.getByText(`Old tapes and noisy takes, brought back in ${DEFAULT_STUDIO.location.city}.`)).toBeVisible();
  await expect(visitorPage.getByRole('heading', { name: 'What We Fix' })).toBeVisible();
  await expect(visitorPage.getByTestId('price-premium')).toBeVisible();
  await expectNoSeriousA11yViolations(visitorPage);
  if (SHOTS) await visitorPage.screenshot({ path: `${SHOTS}/service-page-390.png`, fullPage: true });
  await visitorPage.setViewportSize({ width: 1440, height: 900 });
  await visitorPage.goto('/services');
  await expect(visitorPage.getByRole('heading', { level: 2, name: 'Audio Restoration' })).toBeVisible();
  if (SHOTS) await visitorPage.screenshot({ path: `${SHOTS}/services-overview-1440.png`, fullPage: true });
  await visitorPage.close();

  // Hidden in the editor: its page is gone for visitors.
  await page.getByLabel('Show Audio Restoration on the site', { exact: true }).uncheck();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  expect((await visit('/services/audio-restoration')).status()).toBe(404);
});
