import {
  ADMIN_LINK,
  PRIMARY_LINKS_AFTER_SERVICES,
  PRIMARY_LINKS_BEFORE_SERVICES,
  isActivePath,
  type NavLink,
} from '#app/content/navigation.ts';
import { cn } from '#app/lib/cn.ts';
import { AppLink } from './ui/app-link.tsx';

/**
 * The phone menu's links, shared by the Radix panel (with JavaScript) and the plain disclosure the
 * server renders for browsers without it. `onNavigate` lets the panel close itself on a tap.
 */
interface MobileMenuLinksProps {
  isAdmin: boolean;
  pathname: string;
  /** The overview and each shown service. */
  services: NavLink[];
  onNavigate?: () => void;
}

export function MobileMenuLinks({ isAdmin, pathname, services, onNavigate }: MobileMenuLinksProps) {
  const item = (link: NavLink, nested = false) => {
    // Lit on a prefix match like the desktop menu (All Services on its sub-pages too); "current page" only on the page itself.
    const active = isActivePath(link.to, pathname);
    return (
      <li key={link.to}>
        <AppLink
          to={link.to}
          onClick={onNavigate}
          aria-current={pathname === link.to ? 'page' : undefined}
          className={cn(
            'block rounded-lg px-3 py-2.5 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
            nested ? 'pl-6 text-sm' : 'text-base',
            active ? 'bg-surface text-accent' : 'text-fg-muted hover:bg-surface hover:text-fg',
          )}
        >
          {link.label}
        </AppLink>
      </li>
    );
  };

  return (
    <nav aria-label="Mobile">
      <ul className="grid gap-1">
        {PRIMARY_LINKS_BEFORE_SERVICES.map((link) => item(link))}
        <li>
          <p className="px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wider text-fg-subtle">Services</p>
          <ul className="grid gap-1">{services.map((link) => item(link, true))}</ul>
        </li>
        {PRIMARY_LINKS_AFTER_SERVICES.map((link) => item(link))}
        {isAdmin ? item(ADMIN_LINK) : null}
      </ul>
    </nav>
  );
}
