import { PREVIEW_PARAM, PREVIEW_VALUE } from '#common/site-content/drafts.ts';

/**
 * The public page where a section's draft shows best, for the editor's Preview link. A section not
 * named here (a new one) previews the home page; every page shows every draft in preview anyway.
 * Null: the section shows on no public page (billing settings, the agreement clients sign), so
 * there is nothing to preview there.
 */
const PREVIEW_PAGES: Partial<Record<string, string | null>> = {
  studio: '/contact',
  packages: '/services/mixing-mastering',
  about: '/about',
  testimonials: '/',
  faq: '/contact',
  policies: '/privacy-policy',
  hero: '/',
  brand: '/',
  services: '/services',
  process: '/process',
  home: '/',
  billing: null,
  agreement: null,
  announcement: '/',
  newsletter: '/',
  navigation: '/',
  // Each page previews at its own address (the Pages editor links it).
  pages: '/',
};

/** The Preview link's address, or null for a section no public page shows. */
export function previewHref(section: string): string | null {
  const page = PREVIEW_PAGES[section];
  if (page === null) return null;
  return `${page ?? '/'}?${PREVIEW_PARAM}=${PREVIEW_VALUE}`;
}
