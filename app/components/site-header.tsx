import { Link, NavLink, useLocation } from 'react-router';
import {
  ADMIN_LINK,
  PRIMARY_LINKS_AFTER_SERVICES,
  PRIMARY_LINKS_BEFORE_SERVICES,
  isActivePath,
  type NavLink as NavLinkData,
} from '#app/content/navigation.ts';
import type { Studio } from '#common/site-content/studio.ts';
import type { ImageRef } from '#common/site-content/image.ts';
import { cn } from '#app/lib/cn.ts';
import { Island } from '#app/islands/island.tsx';
import { ISLAND } from '#app/islands/island-names.ts';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { ServicesMenu } from './services-menu.tsx';
import { ButtonLink } from './ui/button.tsx';

const linkClass = (active: boolean) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
    active ? 'text-accent' : 'text-fg-muted hover:text-fg',
  );

function TopLink({ link, pathname }: { link: NavLinkData; pathname: string }) {
  const active = isActivePath(link.to, pathname);
  return (
    <NavLink to={link.to} className={linkClass(active)} aria-current={active ? 'page' : undefined} end={link.to === '/'}>
      {link.label}
    </NavLink>
  );
}

interface SiteHeaderProps {
  isAdmin: boolean;
  studio: Pick<Studio, 'name' | 'shortName'>;
  /** The Services dropdown's links: the overview and each shown service. */
  services: NavLinkData[];
  /** The owner's logo (brand section); the built-in mark without one. */
  logo?: ImageRef | null;
}

export function SiteHeader({ isAdmin, studio, services, logo = null }: SiteHeaderProps) {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-ink/90 backdrop-blur supports-[backdrop-filter]:bg-ink/75">
      <a
        href="#main"
        className={cn(
          'sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md',
          'focus:bg-accent focus:px-3 focus:py-2 focus:text-ink',
        )}
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent">
          <Logo name={studio.name} shortName={studio.shortName} image={logo} priority />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {PRIMARY_LINKS_BEFORE_SERVICES.map((link) => (
            <TopLink key={link.to} link={link} pathname={pathname} />
          ))}
          <Island
            name={ISLAND.servicesMenu}
            component={ServicesMenu}
            props={{ pathname, links: services, triggerClassName: linkClass(isActivePath('/services', pathname)) }}
          />
          {PRIMARY_LINKS_AFTER_SERVICES.map((link) => (
            <TopLink key={link.to} link={link} pathname={pathname} />
          ))}
          {isAdmin ? <TopLink link={ADMIN_LINK} pathname={pathname} /> : null}
        </nav>
        <div className="flex items-center gap-2">
          <ButtonLink to="/contact" size="sm" className="hidden sm:inline-flex">
            Get Started
          </ButtonLink>
          <Island name={ISLAND.mobileMenu} component={MobileMenu} props={{ isAdmin, pathname, services }} />
        </div>
      </div>
    </header>
  );
}
