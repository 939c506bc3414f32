export interface NavLink {
  label: string;
  to: string;
}

/** The overview, then each shown service (the owner's list, from the root's essentials): the dropdown's links. */
export function serviceLinks(services: ReadonlyArray<{ slug: string; name: string }>): NavLink[] {
  return [{ label: 'All Services', to: '/services' }, ...footerServiceLinks(services)];
}

/** The footer lists the services the site has a page for: the dropdown's list without its overview. */
export function footerServiceLinks(services: ReadonlyArray<{ slug: string; name: string }>): NavLink[] {
  return services.map((service) => ({ label: service.name, to: `/services/${service.slug}` }));
}

export const PRIMARY_LINKS_BEFORE_SERVICES: NavLink[] = [{ label: 'Home', to: '/' }];

export const PRIMARY_LINKS_AFTER_SERVICES: NavLink[] = [
  { label: 'Process', to: '/process' },
  { label: 'Samples', to: '/samples' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
];

/** Where every "Get Free Consultation" leads: the booking page (issue 29). */
export const BOOK_CONSULTATION: NavLink = { label: 'Get Free Consultation', to: '/book' };

export const ADMIN_LINK: NavLink = { label: 'Admin', to: '/manage' };

export const FOOTER_LEGAL_LINKS: NavLink[] = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Service', to: '/terms-of-service' },
];

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
