import { PUBLIC_PAGES } from '#app/content/navigation.ts';
import type { SiteSection } from '#common/site-content/sections.ts';

/**
 * Which of the owner's sections each public page shows, besides the studio facts every page carries
 * in its header and footer: a page's <lastmod> is the newest save among them.
 */
export const PAGE_SECTIONS: Record<(typeof PUBLIC_PAGES)[number], SiteSection[]> = {
  '/': ['hero', 'packages', 'testimonials', 'home', 'process'],
  '/services': ['packages', 'services'],
  '/process': ['process', 'packages'],
  '/samples': [],
  '/about': ['about', 'testimonials'],
  '/contact': ['faq', 'packages'],
  // Its slots change by the minute; what a crawler reads there changes only with the studio's facts.
  '/book': [],
  '/privacy-policy': ['policies'],
  '/terms-of-service': ['policies'],
};

/** The newest of the sections' save times (ISO), or null while all of them are the defaults. */
function lastModified(sections: SiteSection[], updatedAt: Partial<Record<SiteSection, string | null>>): string | null {
  const times = ['studio' as const, ...sections].map((section) => updatedAt[section]).filter((time): time is string => Boolean(time));
  return times.length > 0 ? times.reduce((newest, time) => (time > newest ? time : newest)) : null;
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A service's page shows its own section and the packages it lists. */
const SERVICE_PAGE_SECTIONS: SiteSection[] = ['services', 'packages'];
const OWN_PAGE_SECTIONS: SiteSection[] = ['pages'];

/**
 * Every public page, each shown service's page right after /services (`servicePaths`, from the
 * content: a hidden service is in no sitemap).
 */
export function sitemapXml(
  publicUrl: string,
  updatedAt: Partial<Record<SiteSection, string | null>>,
  servicePaths: readonly string[] = [],
  ownPages: readonly string[] = [],
): string {
  const pages = PUBLIC_PAGES.flatMap((page) =>
    page === '/services'
      ? [[page, PAGE_SECTIONS[page]] as const, ...servicePaths.map((path) => [path, SERVICE_PAGE_SECTIONS] as const)]
      : [[page, PAGE_SECTIONS[page]] as const],
  );
  // The owner's own pages last, each changing with its section (and the studio's facts).
  pages.push(...ownPages.map((path) => [path, OWN_PAGE_SECTIONS] as const));
  const urls = pages
    .map(([page, sections]) => {
      const modified = lastModified(sections, updatedAt);
      const lastmod = modified ? `<lastmod>${new Date(modified).toISOString()}</lastmod>` : '';
      return `  <url><loc>${escapeXml(`${publicUrl}${page}`)}</loc>${lastmod}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
