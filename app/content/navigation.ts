export interface NavLink {
  label: string;
  to: string;
}

export const SERVICE_LINKS: NavLink[] = [
  { label: 'All Services', to: '/services' },
  { label: 'Mixing & Mastering', to: '/services/mixing-mastering' },
  { label: 'Vocal Production', to: '/services/vocal-production' },
];

export const PRIMARY_LINKS_BEFORE_SERVICES: NavLink[] = [{ label: 'Home', to: '/' }];

export const PRIMARY_LINKS_AFTER_SERVICES: NavLink[] = [
  { label: 'Process', to: '/process' },
  { label: 'Samples', to: '/samples' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
];

export const ADMIN_LINK: NavLink = { label: 'Admin', to: '/manage' };

/** The footer lists the services the site has a page for: the dropdown's list without its overview (no link that 404s). */
export const FOOTER_SERVICE_LINKS: NavLink[] = SERVICE_LINKS.filter((link) => link.to !== '/services');

export const FOOTER_LEGAL_LINKS: NavLink[] = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Service', to: '/terms-of-service' },
];

/** Home is active only on an exact match; every other link on a path prefix. */
export function isActivePath(linkPath: string, currentPath: string): boolean {
  if (linkPath === '/') return currentPath === '/';
  return currentPath === linkPath || currentPath.startsWith(`${linkPath}/`);
}

/** Public pages listed in the sitemap, in the order a visitor meets them. */
export const PUBLIC_PAGES = [
  '/',
  '/services',
  '/services/mixing-mastering',
  '/services/vocal-production',
  '/process',
  '/samples',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
] as const;
