import { Link, NavLink, useLocation } from 'react-router';
import { ADMIN_LINK, isActivePath } from '#app/content/navigation.ts';
import type { MenuLink } from '#common/site-content/navigation-links.ts';
import type { Studio } from '#common/site-content/studio.ts';
import type { ImageRef } from '#common/site-content/image.ts';
import { cn } from '#app/lib/cn.ts';
import { Island } from '#app/islands/island.tsx';
import { ISLAND } from '#app/islands/island-names.ts';
import { Logo } from './logo.tsx';
import { MenuAnchor } from './menu-anchor.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { ServicesMenu } from './services-menu.tsx';
import { ButtonLink } from './ui/button.tsx';

const linkClass = (active: boolean) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
    active ? 'text-accent' : 'text-fg-muted hover:text-fg',
  );

function TopLink({ link, pathname }: { link: MenuLink; pathname: string }) {
  if (link.external) return <MenuAnchor link={link} className={linkClass(false)} />;
  const active = isActivePath(link.href, pathname);
  return (
    <NavLink to={link.href} className={linkClass(active)} aria-current={active ? 'page' : undefined} end={link.href === '/'}>
      {link.label}
    </NavLink>
  );
}

/** An item with items under it is lit while the visitor is on its own page or on one of theirs. */
const groupActive = (item: MenuLink, pathname: string) =>
  (item.href !== '' && !item.external && isActivePath(item.href, pathname)) ||
  item.children.some((child) => !child.external && isActivePath(child.href, pathname));

const ADMIN_ITEM: MenuLink = { label: ADMIN_LINK.label, href: ADMIN_LINK.to, external: false, children: [] };

interface SiteHeaderProps {
  isAdmin: boolean;
  studio: Pick<Studio, 'name' | 'shortName'>;
  /** The owner's header menu (navigation section), made links; the mobile menu shows the same. */
  menu: MenuLink[];
  /** The owner's logo (brand section); the built-in mark without one. */
  logo?: ImageRef | null;
}

export function SiteHeader({ isAdmin, studio, menu, logo = null }: SiteHeaderProps) {
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
          {menu.map((item, index) =>
            item.children.length > 0 ? (
              <Island
                key={index}
                name={ISLAND.servicesMenu}
                component={ServicesMenu}
                props={{ pathname, label: item.label, links: item.children, triggerClassName: linkClass(groupActive(item, pathname)) }}
              />
            ) : (
              <TopLink key={index} link={item} pathname={pathname} />
            ),
          )}
          {isAdmin ? <TopLink link={ADMIN_ITEM} pathname={pathname} /> : null}
        </nav>
        <div className="flex items-center gap-2">
          <ButtonLink to="/contact" size="sm" className="hidden sm:inline-flex">
            Get Started
          </ButtonLink>
          <Island name={ISLAND.mobileMenu} component={MobileMenu} props={{ isAdmin, pathname, menu }} />
        </div>
      </div>
    </header>
  );
}
