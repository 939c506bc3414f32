import { describe, expect, it } from 'vitest';
import { organizationJsonLd, pageKeywords, seo, shareImageUrl } from './seo.ts';
import { siteEssentials } from '#app/features/marketing/site-essentials.server.ts';
import { DEFAULT_STUDIO } from '#common/site-content/defaults.ts';
import { defaultSiteContent } from '#common/site-content/sections.ts';
import type { Studio } from '#common/site-content/studio.ts';

const content = defaultSiteContent();
const args = { matches: [{ id: 'root', loaderData: { publicUrl: 'https://studio.test', site: siteEssentials(content) } }] };

describe('seo', () => {
  it('builds the canonical link and share tags from the public URL', () => {
    const tags = seo(args, { title: 'About', description: 'About the founder', path: '/about' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://studio.test/about' });
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://studio.test/about' });
    expect(tags).toContainEqual({
      property: 'og:image',
      content: expect.stringMatching(/^https:\/\/studio\.test\/og\/about\.png\?v=\w+$/),
    });
    expect(tags).toContainEqual({ name: 'description', content: 'About the founder' });
  });

  it("names the pages and share cards after the owner's studio", () => {
    const renamed = defaultSiteContent();
    renamed.studio.name = 'Harbor Sound Lab';
    const tags = seo(
      { matches: [{ id: 'root', loaderData: { publicUrl: '', site: siteEssentials(renamed) } }] },
      { title: 'About', description: 'x' },
    );
    expect(tags).toContainEqual({ title: 'About | Harbor Sound Lab' });
    expect(tags).toContainEqual({ property: 'og:site_name', content: 'Harbor Sound Lab' });
    expect(JSON.stringify(tags)).not.toContain(DEFAULT_STUDIO.name);
  });

  it('leaves out the canonical link when no path is given and marks noindex pages', () => {
    const tags = seo(args, { title: '404 Page Not Found', description: 'x', noindex: true });
    expect(tags.some((tag) => 'rel' in tag && tag.rel === 'canonical')).toBe(false);
    expect(tags).toContainEqual({ title: `404 Page Not Found | ${content.studio.name}` });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex, nofollow' });
  });
});

const keywordsOf = (tags: ReturnType<typeof seo>) =>
  (tags.find((tag) => 'name' in tag && tag.name === 'keywords') as { content: string } | undefined)?.content;

describe('page keywords', () => {
  it("writes the page's own keywords, with the studio's city where the page asks for it", () => {
    const renamed = defaultSiteContent();
    renamed.studio.location.city = 'Savannah';
    const tags = seo(
      { matches: [{ id: 'root', loaderData: { publicUrl: '', site: siteEssentials(renamed) } }] },
      { title: 'Vocals', description: 'x', keywords: ({ location }) => ['vocal tuning', `${location.city} vocal producer`] },
    );
    expect(keywordsOf(tags)).toBe('vocal tuning, Savannah vocal producer');
  });

  it('leaves the keywords tag out for a page that names none', () => {
    expect(keywordsOf(seo(args, { title: 'Admin', description: 'x', noindex: true }))).toBeUndefined();
  });

  it('drops blanks and repeats', () => {
    expect(pageKeywords({ keywords: ['mixing', ' mixing ', '', 'mastering'] }, DEFAULT_STUDIO)).toEqual(['mixing', 'mastering']);
  });
});

describe('organizationJsonLd', () => {
  it("names the owner's logo when there is one, the built-in mark otherwise", () => {
    expect(organizationJsonLd('https://studio.test', DEFAULT_STUDIO).logo).toBe('https://studio.test/favicon.svg');
    const logo = { id: '3f0c2a52-8d7e-4b1c-9a3e-5f6d7e8f9a0b', widths: [320, 640, 1024] };
    expect(organizationJsonLd('https://studio.test', DEFAULT_STUDIO, logo).logo).toBe(
      'https://studio.test/media/images/3f0c2a52-8d7e-4b1c-9a3e-5f6d7e8f9a0b/1024.webp',
    );
    // The share card draws the logo: its URL changes with it, so link unfurlers fetch the new one.
    expect(shareImageUrl('', '/', DEFAULT_STUDIO, 'Home', logo)).not.toBe(shareImageUrl('', '/', DEFAULT_STUDIO, 'Home'));
  });

  it('describes the default studio without a phone or profiles, with its address and weekday hours', () => {
    const jsonLd = organizationJsonLd('https://studio.test', DEFAULT_STUDIO);
    expect(jsonLd).toMatchObject({ name: DEFAULT_STUDIO.name, email: DEFAULT_STUDIO.email, url: 'https://studio.test/' });
    expect(jsonLd.address).toMatchObject({ addressLocality: 'Atlanta', addressRegion: 'GA', addressCountry: 'US' });
    expect(jsonLd).not.toHaveProperty('telephone');
    expect(jsonLd).not.toHaveProperty('sameAs');
    expect(jsonLd.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '19:00',
      },
    ]);
  });

  it("carries the owner's phone, social profiles and split hours", () => {
    const studio: Studio = {
      ...DEFAULT_STUDIO,
      phone: '+1 404 555 0100',
      location: { city: 'Savannah', region: 'GA', country: 'US' },
      social: [
        { label: 'Instagram', url: 'https://instagram.com/studio' },
        { label: 'Bandcamp', url: 'https://studio.bandcamp.com/' },
      ],
      hours: {
        timeZone: 'America/New_York',
        days: [
          { day: 'mon', opens: '09:00', closes: '17:00' },
          { day: 'tue', opens: '09:00', closes: '17:00' },
          { day: 'sat', opens: '11:00', closes: '15:00' },
        ],
      },
    };
    const jsonLd = organizationJsonLd('https://studio.test', studio);
    expect(jsonLd).toMatchObject({
      telephone: '+1 404 555 0100',
      sameAs: ['https://instagram.com/studio', 'https://studio.bandcamp.com/'],
    });
    expect(jsonLd.address.addressLocality).toBe('Savannah');
    expect(jsonLd.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday'], opens: '09:00', closes: '17:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '11:00', closes: '15:00' },
    ]);
  });
});
