import { describe, expect, it } from 'vitest';
import { seo } from './seo';

const args = { matches: [{ id: 'root', loaderData: { publicUrl: 'https://studio.test', studioEmail: 'hi@studio.test' } }] };

describe('seo', () => {
  it('builds the canonical link and share tags from the public URL', () => {
    const tags = seo(args, { title: 'About', description: 'About the founder', path: '/about' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://studio.test/about' });
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://studio.test/about' });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://studio.test/og-image.png' });
    expect(tags).toContainEqual({ name: 'description', content: 'About the founder' });
  });

  it('describes the studio as an organization in Atlanta, GA, US', () => {
    const tags = seo(args, { title: 'Home', description: 'x', path: '/' });
    const jsonLd = tags.find((tag) => 'script:ld+json' in tag) as { 'script:ld+json': { address: Record<string, string> } };
    expect(jsonLd['script:ld+json'].address).toMatchObject({ addressLocality: 'Atlanta', addressRegion: 'GA', addressCountry: 'US' });
  });

  it('leaves out the canonical link when no path is given and marks noindex pages', () => {
    const tags = seo(args, { title: '404 Page Not Found', description: 'x', noindex: true });
    expect(tags.some((tag) => 'rel' in tag && tag.rel === 'canonical')).toBe(false);
    expect(tags).toContainEqual({ title: '404 Page Not Found' });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex, nofollow' });
  });
});
