import { describe, expect, it, vi } from 'vitest';
import { defaultSiteContent } from '#common/site-content/sections.ts';
import { renderAll } from './page-text.test-support.tsx';

vi.mock('#app/features/contact/contact-form.tsx', () => ({ ContactForm: () => null }));
vi.mock('#app/features/samples/featured-samples.tsx', () => ({ FeaturedSamples: () => null }));

describe('the default words follow the settings', async () => {
  // Only the settings change: every default text (hero, tagline, biography, stats, FAQ, policies) stays as shipped.
  const content = defaultSiteContent();
  Object.assign(content.studio, {
    name: 'Decatur Mix House',
    shortName: 'Mix House',
    email: 'hi@decatur-mix.test',
    location: { city: 'Decatur', region: 'GA', country: 'US' },
    responseHours: 12,
    experienceYears: 12,
  });
  const pages = await renderAll(content);

  it.each(Object.keys(pages))('%s names no old fact and puts the right article before the city', (path) => {
    const text = pages[path]!;
    for (const old of ['Atlanta', 'ATL Audio', '17+', '24 hours', 'contact@atlaudiomastering.com']) expect(text, old).not.toContain(old);
    expect(text).not.toMatch(/\{\{/);
    expect(text).not.toMatch(/\ban Decatur/i);
    expect(text).toContain('Decatur');
  });

  it('says the new facts where the old ones were', () => {
    expect(pages['/about']).toContain('A Decatur studio');
    expect(pages['/about']).toContain('Years Experience 12+');
    expect(pages['/']).toContain('in Decatur with 12+ years of experience');
    expect(pages['/contact']).toContain('outside Decatur?');
    expect(pages['/privacy-policy']).toContain('within 12 hours');
  });

  it('keeps "an" for a city that starts with a vowel', async () => {
    const atlanta = await renderAll(defaultSiteContent());
    expect(atlanta['/about']).toContain('An Atlanta studio');
  });
});
