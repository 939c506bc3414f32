export interface NavLink {
  label: string;
  to: string;
}

/** Where every "Get Free Consultation" leads: the booking page (issue 29). */
export const BOOK_CONSULTATION: NavLink = { label: 'Get Free Consultation', to: '/book' };

export const ADMIN_LINK: NavLink = { label: 'Admin', to: '/manage' };

/** Home is active only on an exact match; every other link on a path prefix. */
export function isActivePath(linkPath: string, currentPath: string): boolean {
  if (linkPath === '/') return currentPath === '/';
  return currentPath === linkPath || currentPath.startsWith(`${linkPath}/`);
}

/**
 * Public pages listed in the sitemap, in the order a visitor meets them; each shown service's page
 * follows /services (the sitemap adds them from the content).
 */
export const PUBLIC_PAGES = [
  '/',
  '/services',
  '/process',
  '/samples',
  '/about',
  '/contact',
  '/book',
  '/privacy-policy',
  '/terms-of-service',
] as const;
