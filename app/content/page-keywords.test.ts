import { describe, expect, it, vi } from 'vitest';
import * as about from '#app/routes/about.tsx';
import * as contact from '#app/routes/contact.tsx';
import * as home from '#app/routes/home.tsx';
import * as mixing from '#app/routes/services.mixing-mastering.tsx';
import * as privacy from '#app/routes/privacy-policy.tsx';
import * as process from '#app/routes/process.tsx';
import * as samples from '#app/routes/samples.tsx';
import * as services from '#app/routes/services.tsx';
import * as terms from '#app/routes/terms-of-service.tsx';
import * as vocal from '#app/routes/services.vocal-production.tsx';
import * as notFound from '#app/routes/not-found.tsx';
import { siteEssentials } from '#app/features/marketing/site-essentials.server.ts';
import { defaultSiteContent } from '#common/site-content/sections.ts';

// The players and the form are other features' and reach for the browser; only the meta functions matter here.
vi.mock('#app/features/contact/contact-form.tsx', () => ({ ContactForm: () => null }));
vi.mock('#app/features/samples/featured-samples.tsx', () => ({ FeaturedSamples: () => null }));

type MetaModule = { meta: (args: never) => Array<Record<string, unknown>> };
const PAGES: Array<[string, MetaModule]> = [
  ['/', home],
  ['/services', services],
  ['/services/mixing-mastering', mixing],
  ['/services/vocal-production', vocal],
  ['/process', process],
  ['/samples', samples],
  ['/about', about],
  ['/contact', contact],
  ['/privacy-policy', privacy],
  ['/terms-of-service', terms],
];

/** A page's keywords tag as its meta function writes it for a studio in `city`. */
function keywords(page: MetaModule, city = 'Atlanta'): string | undefined {
  const content = defaultSiteContent();
  content.studio.location.city = city;
  const args = { matches: [{ id: 'root', loaderData: { publicUrl: 'https://studio.test', site: siteEssentials(content) } }] };
  const tag = page.meta(args as never).find((tag) => tag.name === 'keywords');
  return tag?.content as string | undefined;
}

describe('keywords per page', () => {
  it('every public page has its own list', () => {
    const lists = PAGES.map(([path, page]) => [path, keywords(page)] as const);
    for (const [path, list] of lists) expect(list, path).toBeTruthy();
    expect(new Set(lists.map(([, list]) => list)).size).toBe(PAGES.length);
  });

  it("the pages about the studio and its services name the studio's city, as the owner set it", () => {
    for (const page of [home, services, mixing, vocal, about, contact]) {
      expect(keywords(page, 'Savannah')).toContain('Savannah');
      expect(keywords(page, 'Savannah')).not.toContain('Atlanta');
    }
  });

  it('the 404 page has none', () => {
    expect(keywords(notFound as MetaModule)).toBeUndefined();
  });
});
