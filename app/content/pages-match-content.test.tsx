import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import * as about from '#app/routes/about.tsx';
import SiteLayout from '#app/routes/site-layout.tsx';
import { siteEssentials } from '#app/features/marketing/site-essentials.server.ts';
import { formatEffectiveDate, formatOpeningHours, formatPrice, locationLabel } from '#common/site-content/format.ts';
import type { Package } from '#common/site-content/packages.ts';
import { defaultSiteContent, type SiteContent } from '#common/site-content/sections.ts';
import { PAGES, renderAll } from './page-text.test-support.tsx';
import { contextWith } from '#app/lib/server-context.server.ts';

// The form and the samples block belong to other features (and reach for data); this test is about
// the owner's facts on the marketing pages, so they render as empty slots here.
vi.mock('#app/features/contact/contact-form.tsx', () => ({ ContactForm: () => null }));
vi.mock('#app/features/samples/featured-samples.tsx', () => ({ FeaturedSamples: () => null }));

/** The defaults with every fact a visitor reads changed: another studio, city, hours, prices and people. */
function changedContent(): SiteContent {
  const content = defaultSiteContent();
  content.studio = {
    ...content.studio,
    name: 'Harbor Sound Lab',
    shortName: 'Harbor',
    tagline: 'Records finished by the river.',
    email: 'hello@harbor-sound.test',
    phone: '+1 912 555 0100',
    location: { city: 'Savannah', region: 'SC', country: 'US' },
    hours: {
      timeZone: 'America/Chicago',
      days: (['tue', 'wed', 'thu', 'fri', 'sat'] as const).map((day) => ({ day, opens: '10:00', closes: '18:30' })),
    },
    responseHours: 12,
    social: [{ label: 'Instagram', url: 'https://www.instagram.com/harborsound' }],
  };
  const [intro, standard, premium] = content.packages.packages as [Package, Package, Package];
  Object.assign(intro, { price: 60, regularPrice: 120, revisions: 4 });
  standard.price = 120;
  premium.price = 420;
  content.services.services[1]!.priceFrom = 90;
  content.hero = { serviceLine: '', headline: 'Mixes That Travel', description: 'From our harbor studio to every speaker.', image: null };
  content.about = {
    ...content.about,
    founderName: 'Dana Reyes',
    biography: 'Dana has mixed records for **twenty years**.',
    stats: [
      { value: '20', label: 'Years Mixing' },
      { value: '300+', label: 'Songs Finished' },
      { value: 'Gold', label: 'Certified Work' },
    ],
    credits: [{ artist: 'The Tides', title: 'Low Water', role: 'Mix engineer', year: 2024, url: null }],
  };
  content.testimonials.testimonials = [{ quote: 'They made the record breathe.', name: 'Mara Quinn', role: 'Singer', url: null }];
  content.faq.faq = [{ question: 'Do you master vinyl?', answer: 'Yes, with a separate vinyl master.' }];
  content.policies.privacy.effectiveDate = '2026-03-15';
  content.policies.terms.effectiveDate = '2026-03-15';
  return content;
}

const defaults = defaultSiteContent();
const changed = changedContent();

describe('pages with the default content', async () => {
  const text = await renderAll(defaults);

  it.each(PAGES.map(([path]) => path))('%s shows the studio and the one wording of the hours', (path) => {
    expect(text[path]).toContain(defaults.studio.name);
    expect(text[path]).toContain(formatOpeningHours(defaults.studio.hours));
    expect(text[path]).toContain(defaults.studio.email);
  });

  it('shows the package records on the home and mixing pages, and no empty sections', () => {
    const premium = defaults.packages.packages[2]!;
    for (const path of ['/', '/services/mixing-mastering']) expect(text[path]).toContain(formatPrice(premium.price));
    expect(text['/']).toContain(`${defaults.packages.packages[0]!.revisions} rounds of revisions`);
    expect(text['/']).toContain(`Save 50%`);
    expect(text['/']).not.toContain('What Artists Say');
    expect(text['/about']).not.toContain('Selected Work');
    expect(text['/about']).toContain('Meet the Founder');
  });
});

describe('pages with changed content show the new facts and none of the old', async () => {
  const text = await renderAll(changed);
  const hours = formatOpeningHours(changed.studio.hours);
  const oldFacts = [
    defaults.studio.name,
    defaults.studio.shortName,
    defaults.studio.email,
    'Atlanta',
    formatOpeningHours(defaults.studio.hours),
  ];

  it.each(PAGES.map(([path]) => path))('%s', (path) => {
    expect(text[path]).toContain(changed.studio.name);
    expect(text[path]).toContain(changed.studio.email);
    expect(text[path]).toContain(changed.studio.phone);
    expect(text[path]).toContain(hours);
    expect(text[path]).toContain(locationLabel(changed.studio.location));
    for (const old of oldFacts) expect(text[path]).not.toContain(old);
    expect(text[path]).not.toContain(formatPrice(350));
    expect(text[path]).not.toContain(formatPrice(75));
    expect(text[path]).not.toContain('24 hours');
  });

  it('one Premium price on the home and mixing pages', () => {
    expect(text['/']).toContain(formatPrice(420));
    expect(text['/services/mixing-mastering']).toContain(formatPrice(420));
    expect(text['/services/mixing-mastering']).not.toContain(formatPrice(150));
    expect(text['/']).toContain('4 rounds of revisions');
    expect(text['/services/mixing-mastering']).toContain('4 with Intro Special');
  });

  it('prices, hero, people and questions from the content', () => {
    expect(text['/']).toContain(changed.hero.headline);
    expect(text['/']).toContain('Mara Quinn');
    expect(text['/']).toContain('Save 50%');
    expect(text['/services']).toContain(formatPrice(60));
    expect(text['/services/vocal-production']).toContain(formatPrice(90));
    expect(text['/contact']).toContain(`From ${formatPrice(90)}`);
    expect(text['/contact']).toContain('Do you master vinyl?');
    expect(text['/contact']).toContain('within 12 hours');
    expect(text['/process']).toContain('within 12 hours');
    expect(text['/about']).toContain('Meet Dana Reyes');
    expect(text['/about']).toContain('twenty years');
    expect(text['/about']).toContain('Low Water');
    expect(text['/about']).toContain('They made the record breathe.');
    expect(text['/privacy-policy']).toContain(`Effective ${formatEffectiveDate('2026-03-15')}`);
    expect(text['/privacy-policy']).toContain(`${changed.studio.name} ("we", "us")`);
  });
});

describe('owner Markdown on the about page', () => {
  it('renders a script and a javascript: link inert', async () => {
    const content = defaultSiteContent();
    content.about.biography = 'Hello <script>alert(1)</script> and [click](javascript:alert(2)) <img src=x onerror=alert(3)>';
    const Stub = createRoutesStub([
      {
        id: 'root',
        path: '/',
        Component: () => <SiteLayout />,
        children: [{ id: 'page', index: true, Component: about.default as never }],
      } as never,
    ]);
    const context = contextWith({ services: { site: { siteContent: { current: async () => content } } } });
    const pageData = await about.loader({ context } as never);
    const rootData = { publicUrl: '', site: siteEssentials(content), isAdmin: false };
    const html = renderToString(<Stub initialEntries={['/']} hydrationData={{ loaderData: { root: rootData, page: pageData } }} />);
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toMatch(/<img[^>]*onerror/);
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('click');
  });
});
