import { describe, expect, it } from 'vitest';
import { sitemapXml } from './sitemap.ts';

const entry = (xml: string, path: string) => xml.split('\n').find((line) => line.includes(`<loc>https://studio.test${path}</loc>`));

describe('sitemapXml', () => {
  it('lists every public page without lastmod while the content is the defaults', () => {
    const xml = sitemapXml('https://studio.test', {});
    expect(entry(xml, '/about')).toBe('  <url><loc>https://studio.test/about</loc></url>');
    expect(xml).not.toContain('<lastmod>');
  });

  it("dates each page by the newest save among the sections it shows, the studio's included", () => {
    const xml = sitemapXml('https://studio.test', {
      studio: '2026-01-01T10:00:00.000Z',
      faq: '2026-03-01T08:30:00.000Z',
      policies: '2025-12-01T00:00:00.000Z',
    });
    expect(entry(xml, '/contact')).toContain('<lastmod>2026-03-01T08:30:00.000Z</lastmod>');
    expect(entry(xml, '/privacy-policy')).toContain('<lastmod>2026-01-01T10:00:00.000Z</lastmod>');
    expect(entry(xml, '/process')).toContain('<lastmod>2026-01-01T10:00:00.000Z</lastmod>');
  });

  it('leaves a page undated when none of its sections was ever saved', () => {
    const xml = sitemapXml('https://studio.test', { about: '2026-02-02T00:00:00.000Z' });
    expect(entry(xml, '/about')).toContain('<lastmod>2026-02-02T00:00:00.000Z</lastmod>');
    expect(entry(xml, '/services')).not.toContain('<lastmod>');
  });

  it("lists each shown service's page right after /services, dated by the services and packages", () => {
    const xml = sitemapXml('https://studio.test', { services: '2026-04-01T00:00:00.000Z' }, [
      '/services/mixing-mastering',
      '/services/stem-mastering',
    ]);
    const locs = [...xml.matchAll(/<loc>https:\/\/studio\.test([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs.slice(1, 5)).toEqual(['/services', '/services/mixing-mastering', '/services/stem-mastering', '/process']);
    expect(entry(xml, '/services/stem-mastering')).toContain('<lastmod>2026-04-01T00:00:00.000Z</lastmod>');
  });
});
