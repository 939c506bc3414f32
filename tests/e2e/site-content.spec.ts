import sharp from 'sharp';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { defaultSiteContent, type SiteSection, type StoredSiteContent } from '#common/site-content/sections.ts';
import { mailContaining } from './outbox';

/*
 * The owner's facts reach every place that carries them: each public page, the structured data a
 * search engine reads, and the e-mail the studio receives. The content is set through the admin API
 * here (the editor's own journey is site-editor.spec.ts), checked as a visitor sees it, and put back
 * afterwards: every spec shares one e2e server.
 */

const STAMP = Date.now().toString(36);
const NEW_NAME = `Peachtree Sound ${STAMP}`;
const FOUNDER = 'Jordan Ellis';
const SOCIAL = [
  { label: 'Instagram', url: 'https://www.instagram.com/peachtreesound' },
  { label: 'SoundCloud', url: 'https://soundcloud.com/peachtreesound' },
];
const FAQ_QUESTION = `Can you master a whole EP at once? ${STAMP}`;

const PAGES_WITH_THE_NAME = [
  '/',
  '/services',
  '/services/mixing-mastering',
  '/services/vocal-production',
  '/process',
  '/samples',
  '/about',
  '/contact',
];

let api: APIRequestContext;
let changed: SiteSection[] = [];

async function site(): Promise<StoredSiteContent> {
  const response = await api.get('/api/admin/site');
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredSiteContent;
}

async function save<S extends SiteSection>(section: S, change: (current: StoredSiteContent[S]) => StoredSiteContent[S]) {
  const current = (await site())[section];
  const response = await api.put(`/api/admin/site/${section}`, { data: change(structuredClone(current)) });
  expect(response.status(), await response.text()).toBe(200);
  if (!changed.includes(section)) changed.push(section);
  return (await response.json()) as StoredSiteContent[S];
}

async function uploadPortrait(): Promise<{ id: string; width: number; height: number; widths: number[] }> {
  const png = await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
  const response = await api.post('/api/admin/images', { data: png, headers: { 'Content-Type': 'image/png' } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; width: number; height: number; widths: number[] };
}

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL as string } });
  const login = await api.post('/api/admin/login', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
  expect(login.ok()).toBe(true);
});

test.afterAll(async () => {
  // Back to the defaults, saved as new versions on top of whatever this spec left.
  const defaults = defaultSiteContent();
  const current = await site();
  for (const section of changed) {
    const response = await api.put(`/api/admin/site/${section}`, { data: { ...defaults[section], version: current[section].version } });
    expect(response.status()).toBe(200);
  }
  changed = [];
  await api.post('/api/admin/logout');
  await api.dispose();
});

test.describe('the owner changes the facts of the site', () => {
  test.describe.configure({ mode: 'serial' });

  test('the new name, hours, e-mail and social profiles show on every page, in the JSON-LD and in the owner notice', async ({
    page,
    request,
    baseURL,
  }) => {
    await save(
      'studio',
      (studio) =>
        ({
          ...studio,
          name: NEW_NAME,
          email: 'hello@peachtree.example',
          phone: '+1 404 555 0100',
          hours: {
            timeZone: 'America/New_York',
            days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((day) => ({ day, opens: '10:00', closes: '18:00' })),
          },
          social: SOCIAL,
        }) as StoredSiteContent['studio'],
    );

    for (const pagePath of PAGES_WITH_THE_NAME) {
      await page.goto(pagePath);
      await expect(page, pagePath).toHaveTitle(new RegExp(NEW_NAME));
      const footer = page.locator('footer');
      await expect(footer, pagePath).toContainText(NEW_NAME);
      await expect(footer, pagePath).toContainText('Mon-Sat 10:00 AM-6:00 PM ET');
      await expect(footer.getByRole('link', { name: 'hello@peachtree.example' }), pagePath).toHaveAttribute(
        'href',
        'mailto:hello@peachtree.example',
      );
      for (const social of SOCIAL) await expect(footer.locator(`a[href="${social.url}"]`), pagePath).toHaveCount(1);
      await expect(page.locator('body'), pagePath).not.toContainText(defaultSiteContent().studio.name);
    }

    await page.goto('/contact');
    await expect(page.locator('main')).toContainText('Mon-Sat 10:00 AM-6:00 PM ET');
    const ldJson = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(ldJson).toMatchObject({
      name: NEW_NAME,
      email: 'hello@peachtree.example',
      telephone: '+1 404 555 0100',
      sameAs: SOCIAL.map((s) => s.url),
    });
    expect(JSON.stringify(ldJson.openingHoursSpecification)).toContain('Saturday');

    const marker = `notice-${STAMP}`;
    const sent = await request.post('/api/contact', {
      data: { name: 'Ada Visitor', email: 'ada@example.com', message: `Hello, ${marker}, I have an EP to mix.` },
      headers: { Origin: baseURL! },
    });
    expect(sent.status()).toBe(201);
    await expect.poll(() => mailContaining(marker), { timeout: 10_000 }).toBeTruthy();
    expect(JSON.stringify(mailContaining(marker))).toContain(NEW_NAME);
  });

  test('one Premium price everywhere, a founder with a photo, and a new FAQ entry', async ({ page }) => {
    await save('packages', (records) => ({
      ...records,
      packages: records.packages.map((pkg) => (pkg.key === 'premium' ? { ...pkg, price: 275 } : pkg)),
    }));
    for (const pagePath of ['/', '/services/mixing-mastering']) {
      await page.goto(pagePath);
      const premium = page
        .locator('article, li, div')
        .filter({ has: page.getByRole('heading', { name: 'Premium Package' }) })
        .last();
      await expect(premium, pagePath).toContainText('$275');
      await expect(page.locator('main'), pagePath).not.toContainText('$350');
    }

    const photo = await uploadPortrait();
    await save('about', (about) => ({ ...about, founderName: FOUNDER, photo: { ...photo, alt: `${FOUNDER} at the console` } }));
    await page.goto('/about');
    await expect(page.locator('main')).toContainText(FOUNDER);
    const portrait = page.getByRole('img', { name: `${FOUNDER} at the console` });
    await expect(portrait).toBeVisible();
    expect(await portrait.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(portrait).toHaveAttribute('width', /\d+/);
    await expect(portrait).toHaveAttribute('height', /\d+/);

    await save('faq', (faq) => ({ ...faq, faq: [...faq.faq, { question: FAQ_QUESTION, answer: 'Yes: send every song in one folder.' }] }));
    await page.goto('/contact');
    await page.getByText(FAQ_QUESTION).click();
    await expect(page.getByText('Yes: send every song in one folder.')).toBeVisible();
  });

  test('restoring the previous version of a section brings the old values back on the pages', async ({ page }) => {
    const versions = (await (await api.get('/api/admin/site/studio/versions')).json()) as Array<{ version: number }>;
    const latest = versions[0]!.version;
    const renamed = await save('studio', (studio) => ({ ...studio, name: `Renamed Again ${STAMP}` }));
    expect(renamed.version).toBe(latest + 1);
    await page.goto('/about');
    await expect(page).toHaveTitle(new RegExp(`Renamed Again ${STAMP}`));

    const restored = await api.post(`/api/admin/site/studio/versions/${latest}/restore`);
    expect(restored.status()).toBe(200);
    expect(((await restored.json()) as { name: string; version: number }).name).toBe(NEW_NAME);
    await page.goto('/about');
    await expect(page).toHaveTitle(new RegExp(NEW_NAME));
  });
});
