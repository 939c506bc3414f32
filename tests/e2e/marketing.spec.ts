import { expect, test, type Page } from '@playwright/test';
import {
  DEFAULT_ABOUT,
  DEFAULT_FAQ,
  DEFAULT_HERO,
  DEFAULT_POLICIES,
  DEFAULT_PACKAGES,
  DEFAULT_STUDIO,
} from '#common/site-content/defaults.ts';
import { DEFAULT_PROCESS } from '#common/site-content/default-process.ts';
import { formatEffectiveDate, formatOpeningHours, formatPrice, locationLabel } from '#common/site-content/format.ts';
import { fillTextTokens } from '#common/site-content/content-tokens.ts';
import { DEFAULT_SERVICES } from '#common/site-content/default-services.ts';
import { turnaroundText } from '#common/site-content/turnaround-words.ts';
import { expectNoSeriousA11yViolations } from './support';

/** A default text as the pages show it: its tokens filled from the default settings. */
/** Vocal production's own price as shipped (its service's "from"). */
const VOCAL_PRICE = DEFAULT_SERVICES.services.find((service) => service.slug === 'vocal-production')!.priceFrom as number;
const filled = (text: string) => fillTextTokens(text, { studio: DEFAULT_STUDIO, packages: DEFAULT_PACKAGES });

const main = (page: Page) => page.locator('main');
const h2 = (page: Page, name: string) => main(page).getByRole('heading', { level: 2, name, exact: true });

test.describe('marketing pages', () => {
  test('home shows the hero, the packages, file preparation, featured samples and contact, in order', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: DEFAULT_HERO.headline })).toBeVisible();
    await expect(page.getByText('New Client Special')).toBeVisible();
    const packages = page.locator('#services');
    await expect(packages.getByRole('heading', { level: 2, name: 'Our Service Packages' })).toBeVisible();
    for (const [id, price] of [...DEFAULT_PACKAGES.packages.map((pkg) => [pkg.key, pkg.price] as const)] as const) {
      await expect(packages.getByTestId(`price-${id}`)).toHaveText(formatPrice(price));
    }
    await expect(packages.getByText('Most Popular')).toHaveCount(1);
    const process = page.locator('#process');
    await expect(process.getByRole('heading', { name: 'Preparing Your Project' })).toBeVisible();
    for (const name of [
      'Essential Requirements',
      'File Preparation',
      'Technical Specifications',
      'Vocal Track Guidelines',
      'Instrumental Guidelines',
      'Pro Tips for Best Results',
    ]) {
      await expect(process.getByRole('heading', { name })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Featured Mix & Mastering Samples' })).toBeVisible();
    await expect(page.locator('#contact')).toBeVisible();

    // Sections come in the spec's order.
    const order = await page.evaluate(() =>
      ['#hero-title', '#services', '#process', '#featured-samples-title', '#contact', 'footer'].map(
        (selector) => document.querySelector(selector)?.getBoundingClientRect().top ?? -1,
      ),
    );
    expect(order.every((top) => top >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await expectNoSeriousA11yViolations(page);
  });

  test('View Services lands on #services', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'View Services' }).click();
    await expect(page).toHaveURL(/\/#services$/);
    await expect(page.getByRole('heading', { name: 'Our Service Packages' })).toBeInViewport();
  });

  const ctaPages: Array<[string, RegExp]> = [
    ['/', /^Get Started/],
    ['/services', /^Get Started$/],
    ['/services/mixing-mastering', /^Get Started/],
    ['/process', /^Start Your Project$/],
  ];
  for (const [path, name] of ctaPages) {
    test(`every call to action on ${path} reaches /contact`, async ({ page }) => {
      await page.goto(path);
      const ctas = main(page).getByRole('link', { name });
      const count = await ctas.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) await expect(ctas.nth(i)).toHaveAttribute('href', '/contact');
      await ctas.nth(count - 1).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Free Consultation' })).toBeVisible();
    });
  }

  // The free consultation is booked on the site (issue 29): every "Get Free Consultation" leads to /book.
  for (const path of ['/about', '/process']) {
    test(`Get Free Consultation on ${path} reaches /book`, async ({ page }) => {
      await page.goto(path);
      const cta = main(page).getByRole('link', { name: /^Get Free Consultation$/ });
      await expect(cta).toHaveAttribute('href', '/book');
      await cta.click();
      // Once the calendar runs, the address also carries the visitor's zone and day (?tz=…&day=…).
      await expect(page).toHaveURL(/\/book(\?.*)?$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Book a Free Consultation' })).toBeVisible();
    });
  }

  test('/contact offers booking the consultation instead of writing', async ({ page }) => {
    await page.goto('/contact');
    await main(page)
      .getByRole('link', { name: /Prefer to talk\? Book a free consultation/ })
      .click();
    // Once the calendar runs, the address also carries the visitor's zone and day (?tz=…&day=…).
    await expect(page).toHaveURL(/\/book(\?.*)?$/);
  });

  test('the header Get Started reaches /contact', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/process');
    await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('every footer link answers a page, and the short policy addresses reach the policies', async ({ page, request }) => {
    await page.goto('/');
    const hrefs = await page
      .getByRole('contentinfo')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const href of hrefs.filter((href): href is string => href?.startsWith('/') ?? false)) {
      expect((await request.get(href)).status(), href).toBe(200);
    }
    for (const [typed, policy] of [
      ['/privacy', '/privacy-policy'],
      ['/terms', '/terms-of-service'],
    ] as const) {
      expect((await request.get(typed, { maxRedirects: 0 })).status()).toBe(301);
      await page.goto(typed);
      await expect(page).toHaveURL(new RegExp(`${policy}$`));
    }
  });

  test('a hero image that fails to load is hidden and the failure logged', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/images/studio-hero-*', (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: DEFAULT_HERO.headline })).toBeVisible();
    await expect(page.getByTestId('hero-image')).toHaveCount(0);
    await expect.poll(() => errors.some((text) => text.includes('Hero image failed to load'))).toBe(true);
  });

  test('the hero image loads with its size and a modern format', async ({ page }) => {
    await page.goto('/');
    const image = page.getByTestId('hero-image');
    await expect(image).toHaveAttribute('width', '1200');
    await expect(image).toHaveAttribute('height', '900');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.(avif|webp)$/);
  });

  test('/services shows both services with their prices and why choose us', async ({ page }) => {
    await page.goto('/services');
    await expect(h2(page, 'Mixing & Mastering')).toBeVisible();
    await expect(h2(page, 'Vocal Production')).toBeVisible();
    await expect(main(page).getByText(formatPrice(DEFAULT_PACKAGES.packages[0]!.price), { exact: true })).toBeVisible();
    await expect(main(page).getByText(formatPrice(VOCAL_PRICE), { exact: true })).toBeVisible();
    for (const name of ['Professional Quality', 'Fast Turnaround', 'Collaborative Approach']) {
      await expect(main(page).getByRole('heading', { name })).toBeVisible();
    }
    await main(page)
      .getByRole('link', { name: /Learn more about Vocal Production/ })
      .click();
    await expect(page).toHaveURL(/\/services\/vocal-production$/);
    await expectNoSeriousA11yViolations(page);
  });

  test('/services/mixing-mastering shows what is included and every package as the home page does', async ({ page }) => {
    await page.goto('/services/mixing-mastering');
    await expect(h2(page, "What's Included")).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Revisions Included' })).toBeVisible();
    for (const pkg of DEFAULT_PACKAGES.packages) {
      await expect(main(page).getByTestId(`price-${pkg.key}`)).toHaveText(formatPrice(pkg.price));
      await expect(main(page).getByRole('heading', { name: pkg.name })).toBeVisible();
    }
  });

  test('/services/vocal-production shows its price, its services, its steps, and its call to action reaches /contact', async ({ page }) => {
    await page.goto('/services/vocal-production');
    await expect(main(page).getByText(formatPrice(VOCAL_PRICE), { exact: true })).toBeVisible();
    for (const name of [
      'Tuning & Timing',
      'Comping',
      'Effects',
      'Harmony',
      'Recording Consultation',
      'Noise Reduction',
      'Creative Enhancement',
    ]) {
      await expect(main(page).getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(main(page).getByRole('heading', { name: 'Step 1: Send Your Vocals' })).toBeVisible();
    await expect(main(page).getByTestId(/^price-/)).toHaveCount(0);
    await main(page).getByRole('link', { name: 'Start Your Vocal Project' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('/process shows six steps, quality standards and the timeline', async ({ page }) => {
    await page.goto('/process');
    const steps = main(page).locator('ol > li');
    await expect(steps).toHaveCount(DEFAULT_PROCESS.steps.length);
    await expect(main(page).getByText(`we reply within ${DEFAULT_STUDIO.responseHours} hours`)).toBeVisible();
    for (const [index, step] of DEFAULT_PROCESS.steps.entries())
      await expect(main(page).getByRole('heading', { name: `Step ${index + 1}: ${step.title}` })).toBeVisible();
    await expect(h2(page, 'Quality Standards')).toBeVisible();
    for (const standard of DEFAULT_PROCESS.standards) await expect(main(page).getByText(standard.text)).toBeVisible();
    for (const pkg of DEFAULT_PACKAGES.packages) {
      const card = main(page).locator('dl > div').filter({ hasText: pkg.name });
      await expect(card).toContainText(turnaroundText(pkg.turnaround));
    }
  });

  test('/about shows the biography, the stats and links to contact and samples', async ({ page }) => {
    await page.goto('/about');
    await expect(h2(page, 'Meet the Founder')).toBeVisible();
    for (const stat of DEFAULT_ABOUT.stats) {
      await expect(main(page).getByText(filled(stat.value), { exact: true })).toBeVisible();
      await expect(main(page).getByText(stat.label, { exact: true })).toBeVisible();
    }
    // Nothing to show yet: no empty credits or testimonials headings.
    await expect(h2(page, 'Selected Work')).toHaveCount(0);
    await expect(h2(page, 'What Artists Say')).toHaveCount(0);
    await expect(main(page).getByRole('link', { name: 'Listen to Samples' })).toHaveAttribute('href', '/samples');
    await expectNoSeriousA11yViolations(page);
  });

  test('/contact shows contact info, the FAQ disclosures and the services glance', async ({ page }) => {
    await page.goto('/contact');
    await expect(main(page).getByRole('link', { name: DEFAULT_STUDIO.email })).toHaveAttribute('href', `mailto:${DEFAULT_STUDIO.email}`);
    await expect(main(page).getByText(formatOpeningHours(DEFAULT_STUDIO.hours))).toBeVisible();
    await expect(main(page).getByText(locationLabel(DEFAULT_STUDIO.location), { exact: true })).toBeVisible();
    await expect(main(page).getByText('Worldwide digital service')).toBeVisible();
    await expect(main(page).getByText(`From ${formatPrice(DEFAULT_PACKAGES.packages[0]!.price)}`)).toBeVisible();
    await expect(main(page).getByText(`From ${formatPrice(VOCAL_PRICE)}`)).toBeVisible();

    await expect(main(page).locator('details')).toHaveCount(DEFAULT_FAQ.faq.length);
    const first = DEFAULT_FAQ.faq[0]!;
    const answer = main(page).getByText(filled(first.answer));
    await expect(answer).toBeHidden();
    const question = main(page).getByText(first.question);
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(answer).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the policies show their effective date, retention and governing law', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(main(page).getByText(`Effective ${formatEffectiveDate(DEFAULT_POLICIES.privacy.effectiveDate)}`)).toBeVisible();
    await expect(
      main(page)
        .getByText(/30 days after project completion/)
        .first(),
    ).toBeVisible();
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(main(page).getByText(/governed by the laws of the State of Georgia/)).toBeVisible();
    await expect(
      main(page)
        .getByText(/30 days after project completion/)
        .first(),
    ).toBeVisible();
  });
});
