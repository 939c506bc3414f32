import { describe, expect, it, vi } from 'vitest';
import { defaultSiteContent } from '#common/site-content/sections.ts';
import { PAGES, renderAll, renderHtml, textOf } from './page-text.test-support.tsx';

vi.mock('#app/features/contact/contact-form.tsx', () => ({ ContactForm: () => null }));
vi.mock('#app/features/samples/featured-samples.tsx', () => ({ FeaturedSamples: () => null }));

/** The defaults with Vocal Production hidden, as an owner who does not offer it leaves them. */
function withoutVocalProduction() {
  const content = defaultSiteContent();
  content.services.services = content.services.services.map((service) =>
    service.slug === 'vocal-production' ? { ...service, visible: false } : service,
  );
  return content;
}

describe('a hidden service', () => {
  it('is named on no public page: not the hero line, the tagline, the footer or the policies', async () => {
    const content = withoutVocalProduction();
    // Its own page answers 404 (services.$slug): every other page is read.
    const shown = PAGES.filter(([path]) => path !== '/services/vocal-production');
    const pages = Object.fromEntries(
      await Promise.all(shown.map(async ([path, page]) => [path, textOf(await renderHtml(content, path, page))] as const)),
    );
    for (const [path, text] of Object.entries(pages)) expect(/.{0,80}vocal production.{0,80}/i.exec(text)?.[0], path).toBeUndefined();
    expect(pages['/']).toContain('Mixing & Mastering · Atlanta, GA');
    expect(pages['/terms-of-service']).toContain('book our services (Mixing & Mastering) from');
  });

  it('is named while shown, and the owner may write the hero line', async () => {
    const content = defaultSiteContent();
    expect((await renderAll(content))['/']).toContain('Mixing & Mastering · Vocal Production · Atlanta, GA');
    content.hero.serviceLine = 'Mixing · Mastering · {{studio.city}}';
    expect((await renderAll(content))['/']).toContain('Mixing · Mastering · Atlanta');
  });
});
