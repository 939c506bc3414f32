import { PREVIEW_PARAM, PREVIEW_VALUE } from '#common/site-content/drafts.ts';

/**
 * The public page where a section's draft shows best, for the editor's Preview link. A section not
 * named here (a new one) previews the home page; every page shows every draft in preview anyway.
 */
const PREVIEW_PAGES: Partial<Record<string, string>> = {
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
};

export function previewHref(section: string): string {
  return `${PREVIEW_PAGES[section] ?? '/'}?${PREVIEW_PARAM}=${PREVIEW_VALUE}`;
}
