import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import SiteLayout from '#app/routes/site-layout.tsx';
import AboutPage from '#app/routes/about.tsx';
import ContactPage from '#app/routes/contact.tsx';
import HomePage from '#app/routes/home.tsx';
import MixingPage from '#app/routes/services.mixing-mastering.tsx';
import PrivacyPage from '#app/routes/privacy-policy.tsx';
import ProcessPage from '#app/routes/process.tsx';
import ServicesPage from '#app/routes/services.tsx';
import TermsPage from '#app/routes/terms-of-service.tsx';
import VocalPage from '#app/routes/services.vocal-production.tsx';
import * as pricing from './pricing';
import { HOURS_CONTACT_PAGE, HOURS_FOOTER } from './site';

// The form and the samples block belong to other features (and reach for data); this test is about
// the marketing copy, so they render as empty slots here.
vi.mock('#app/features/contact/contact-form.tsx', () => ({ ContactForm: () => null }));
vi.mock('#app/features/samples/featured-samples.tsx', () => ({ FeaturedSamples: () => null }));

const PAGES: Array<[string, () => React.ReactNode]> = [
  ['/', HomePage],
  ['/services', ServicesPage],
  ['/services/mixing-mastering', MixingPage],
  ['/services/vocal-production', VocalPage],
  ['/process', ProcessPage],
  ['/about', AboutPage],
  ['/contact', ContactPage],
  ['/privacy-policy', PrivacyPage],
  ['/terms-of-service', TermsPage],
];

/** Server-renders a page inside the public layout (so the footer is checked too) and returns its text. */
function renderText(path: string, Page: () => React.ReactNode): string {
  const Stub = createRoutesStub([{ Component: SiteLayout, children: [{ path, Component: Page }] }]);
  const html = renderToString(<Stub initialEntries={[path]} />);
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

const contentPrices = new Set(
  Object.entries(pricing)
    .filter(([name, value]) => name.endsWith('_USD') && typeof value === 'number')
    .map(([, value]) => pricing.formatPrice(value as number)),
);
const contentHours = [HOURS_FOOTER, HOURS_CONTACT_PAGE];
const hourPattern = /\b\d{1,2}(?::\d{2})?\s?(?:AM|PM)\b/g;

describe.each(PAGES)('page %s', (path, Page) => {
  const text = renderText(path, Page);

  it('shows only dollar amounts that come from app/content/pricing.ts', () => {
    const amounts = text.match(/\$\s?\d[\d,.]*/g) ?? [];
    const stray = amounts.filter((amount) => !contentPrices.has(amount.replace(/\s/g, '').replace(/[.,]$/, '')));
    expect(stray).toEqual([]);
  });

  it('shows only opening hours that come from app/content/site.ts', () => {
    let rest = text;
    for (const hours of contentHours) rest = rest.split(hours).join(' ');
    expect(rest.match(hourPattern) ?? []).toEqual([]);
    expect(text).toContain(HOURS_FOOTER);
  });
});

describe('pages show the prices and hours the spec gives them, read from app/content', () => {
  const text = Object.fromEntries(PAGES.map(([path, Page]) => [path, renderText(path, Page)]));
  const price = pricing.formatPrice;

  it('home: the special and the three packages', () => {
    for (const usd of [pricing.INTRO_PRICE_USD, pricing.REGULAR_SONG_PRICE_USD, pricing.PREMIUM_PRICE_HOME_USD]) {
      expect(text['/']).toContain(price(usd));
    }
    expect(text['/']).toContain(`Save ${pricing.INTRO_SAVING_PERCENT}%`);
    expect(text['/']).toContain(`${pricing.INTRO_REVISIONS_HOME} rounds of revisions`);
  });

  it('services and the mixing page: their own readings', () => {
    expect(text['/services']).toContain(price(pricing.INTRO_PRICE_USD));
    expect(text['/services']).toContain(price(pricing.VOCAL_PRODUCTION_FROM_USD));
    expect(text['/services/mixing-mastering']).toContain(price(pricing.PREMIUM_PRICE_MIXING_PAGE_USD));
    expect(text['/services/mixing-mastering']).toContain(`${pricing.INTRO_REVISIONS_MIXING_PAGE} free revisions`);
    expect(text['/services/mixing-mastering']).not.toContain(price(pricing.PREMIUM_PRICE_HOME_USD));
    expect(text['/services/vocal-production']).toContain(price(pricing.VOCAL_PRODUCTION_FROM_USD));
  });

  it('contact: every-day hours and the services glance', () => {
    expect(text['/contact']).toContain(HOURS_CONTACT_PAGE);
    expect(text['/contact']).toContain(`From ${price(pricing.INTRO_PRICE_USD)}`);
    expect(text['/contact']).toContain(`From ${price(pricing.VOCAL_PRODUCTION_FROM_USD)}`);
  });
});
