import { ADMIN_LINK, isActivePath } from '#app/content/navigation.ts';
import type { MenuLink } from '#common/site-content/navigation-links.ts';
import { cn } from '#app/lib/cn.ts';
import { MenuAnchor } from './menu-anchor.tsx';

/**
 * The phone menu's links, shared by the Radix panel (with JavaScript) and the plain disclosure the
 * server renders for browsers without it. `onNavigate` lets the panel close itself on a tap.
 */
interface MobileMenuLinksProps {
  isAdmin: boolean;
  pathname: string;
  /** The header's menu: an item with items under it shows as a heading over them, as on the desktop. */
  menu: MenuLink[];
  onNavigate?: () => void;
}

const ADMIN_ITEM: MenuLink = { label: ADMIN_LINK.label, href: ADMIN_LINK.to, external: false, children: [] };

export function MobileMenuLinks({ isAdmin, pathname, menu, onNavigate }: MobileMenuLinksProps) {
  const item = (link: MenuLink, key: number, nested = false) => {
    // Lit on a prefix match like the desktop menu (All Services on its sub-pages too); "current page" only on the page itself.
    const active = !link.external && isActivePath(link.href, pathname);
    return (
      <li key={key}>
        <MenuAnchor
          link={link}
          onClick={onNavigate}
          ariaCurrent={pathname === link.href ? 'page' : undefined}
          className={cn(
            'block rounded-lg px-3 py-2.5 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
            nested ? 'pl-6 text-sm' : 'text-base',
            active ? 'bg-surface text-accent' : 'text-fg-muted hover:bg-surface hover:text-fg',
          )}
        />
      </li>
    );
  };

  return (
    <nav aria-label="Mobile">
      <ul className="grid gap-1">
        {menu.map((link, index) =>
          link.children.length > 0 ? (
            <li key={index}>
              <p className="px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wider text-fg-subtle">{link.label}</p>
              <ul className="grid gap-1">{link.children.map((child, at) => item(child, at, true))}</ul>
            </li>
          ) : (
            item(link, index)
          ),
        )}
        {isAdmin ? item(ADMIN_ITEM, menu.length) : null}
      </ul>
    </nav>
  );
}
