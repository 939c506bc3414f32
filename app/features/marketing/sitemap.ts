import { PUBLIC_PAGES } from '#app/content/navigation.ts';
import type { SiteSection } from '#common/site-content/sections.ts';

/**
 * Which of the owner's sections each public page shows, besides the studio facts every page carries
 * in its header and footer: a page's <lastmod> is the newest save among them.
 */
export const PAGE_SECTIONS: Record<(typeof PUBLIC_PAGES)[number], SiteSection[]> = {
  '/': ['hero', 'packages', 'testimonials', 'home', 'process'],
  '/services': ['packages'],
  '/services/mixing-mastering': ['packages'],
  '/services/vocal-production': ['packages'],
  '/process': ['process', 'packages'],
  '/samples': [],
  '/about': ['about', 'testimonials'],
  '/contact': ['faq', 'packages'],
  '/privacy-policy': ['policies'],
  '/terms-of-service': ['policies'],
};

/** The newest of the sections' save times (ISO), or null while all of them are the defaults. */
function lastModified(sections: SiteSection[], updatedAt: Partial<Record<SiteSection, string | null>>): string | null {
  const times = ['studio' as const, ...sections].map((section) => updatedAt[section]).filter((time): time is string => Boolean(time));
  return times.length > 0 ? times.reduce((newest, time) => (time > newest ? time : newest)) : null;
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function sitemapXml(publicUrl: string, updatedAt: Partial<Record<SiteSection, string | null>>): string {
  const urls = PUBLIC_PAGES.map((page) => {
    const modified = lastModified(PAGE_SECTIONS[page], updatedAt);
    const lastmod = modified ? `<lastmod>${new Date(modified).toISOString()}</lastmod>` : '';
    return `  <url><loc>${escapeXml(`${publicUrl}${page}`)}</loc>${lastmod}</url>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
