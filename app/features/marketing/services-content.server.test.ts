import { describe, expect, it } from 'vitest';
import { contextWith } from '#app/lib/server-context.server.ts';
import { defaultSiteContent, type SiteContent } from '#common/site-content/sections.ts';
import { servicePage, servicesGlance } from './services-content.server.ts';

const contextOf = (content: SiteContent) => contextWith({ services: { site: { siteContent: { current: async () => content } } } });

/** What the loader threw (a redirect Response, or React Router's data() for the 404). */
async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const { status, headers, init } = error as { status?: number; headers?: Headers; init?: { status?: number } };
    return { status: status ?? init?.status, headers };
  }
  throw new Error('the loader did not throw');
}

describe('a service page loader', () => {
  it('fills the tokens and parses the Markdown of a shown service', async () => {
    const content = defaultSiteContent();
    content.studio.location.city = 'Decatur';
    content.services.services[1]!.page.sections[0]!.body = 'Made in **{{studio.city}}**.';
    const page = await servicePage(contextOf(content), 'vocal-production');
    expect(page).toMatchObject({ name: 'Vocal Production', price: 100, priceLabel: 'Starting at', packages: [] });
    expect(page.keywords).toContain('Decatur vocal producer');
    expect(JSON.stringify(page.sections[0]!.body)).toContain('"strong"');
    expect(JSON.stringify(page.sections[0]!.body)).toContain('Decatur');
  });

  it('forwards a former address with 301 and answers 404 for a hidden or unknown one', async () => {
    const content = defaultSiteContent();
    Object.assign(content.services.services[0]!, { slug: 'mix-and-master', formerSlugs: ['mixing-mastering'] });
    const moved = await thrown(servicePage(contextOf(content), 'mixing-mastering'));
    expect(moved.status).toBe(301);
    expect(moved.headers?.get('Location')).toBe('/services/mix-and-master');

    content.services.services[1]!.visible = false;
    expect((await thrown(servicePage(contextOf(content), 'vocal-production'))).status).toBe(404);
    expect((await thrown(servicePage(contextOf(content), 'sound-design'))).status).toBe(404);
    expect((await servicesGlance(contextOf(content))).map((card) => card.name)).toEqual(['Mixing & Mastering']);
  });
});
