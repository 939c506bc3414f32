import { describe, expect, it, vi } from 'vitest';
import * as about from '#app/routes/about.tsx';
import * as contact from '#app/routes/contact.tsx';
import * as home from '#app/routes/home.tsx';
import * as privacy from '#app/routes/privacy-policy.tsx';
import * as process from '#app/routes/process.tsx';
import * as samples from '#app/routes/samples.tsx';
import * as services from '#app/routes/services.tsx';
import * as terms from '#app/routes/terms-of-service.tsx';
import * as service from '#app/routes/services.$slug.tsx';
import { contextWith } from '#app/lib/server-context.server.ts';
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
  ['/services/mixing-mastering', service],
  ['/services/vocal-production', service],
  ['/process', process],
  ['/samples', samples],
  ['/about', about],
  ['/contact', contact],
  ['/privacy-policy', privacy],
  ['/terms-of-service', terms],
];

/** A page's keywords tag as its meta function writes it for a studio in `city` (with its loader's data, as React Router gives it). */
async function keywords(path: string, page: MetaModule, city = 'Atlanta'): Promise<string | undefined> {
  const content = defaultSiteContent();
  content.studio.location.city = city;
  const context = contextWith({ services: { site: { siteContent: { current: async () => content } } } });
  const loader = (page as { loader?: (args: unknown) => Promise<unknown> }).loader;
  const slug = path.startsWith('/services/') ? path.slice('/services/'.length) : undefined;
  const loaderData =
    page === services || page === service
      ? await loader!({ context, params: { slug }, request: new Request(`http://x${path}`) })
      : undefined;
  const args = { loaderData, matches: [{ id: 'root', loaderData: { publicUrl: 'https://studio.test', site: siteEssentials(content) } }] };
  const tag = page.meta(args as never).find((tag) => tag.name === 'keywords');
  return tag?.content as string | undefined;
}

describe('keywords per page', () => {
  it('every public page has its own list', async () => {
    const lists = await Promise.all(PAGES.map(async ([path, page]) => [path, await keywords(path, page)] as const));
    for (const [path, list] of lists) expect(list, path).toBeTruthy();
    expect(new Set(lists.map(([, list]) => list)).size).toBe(PAGES.length);
  });

  it("the pages about the studio and its services name the studio's city, as the owner set it", async () => {
    for (const [path, page] of PAGES.filter(
      ([path]) => ['/', '/services', '/about', '/contact'].includes(path) || path.startsWith('/services/'),
    )) {
      expect(await keywords(path, page, 'Savannah'), path).toContain('Savannah');
      expect(await keywords(path, page, 'Savannah'), path).not.toContain('Atlanta');
    }
  });

  it('the 404 page has none', async () => {
    expect(await keywords('/nowhere', notFound as MetaModule)).toBeUndefined();
  });
});
