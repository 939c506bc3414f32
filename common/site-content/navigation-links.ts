import { VISIBLE_SERVICES, targetKind, type NavigationItem } from './navigation.ts';

/** A menu item as the pages render it: an address (empty for a heading that only groups), and whether it leaves the site. */
export interface MenuLink {
  label: string;
  href: string;
  external: boolean;
  children: MenuLink[];
}

type ShownService = { slug: string; name: string };
type Child = { label: string; target: string };

function leaf(item: Child, services: readonly ShownService[], fill: (text: string) => string): MenuLink[] {
  if (item.target === VISIBLE_SERVICES) {
    return services.map((service) => ({ label: service.name, href: `/services/${service.slug}`, external: false, children: [] }));
  }
  // A service's own page stays in the menu only while the service is shown (hidden or gone: left out).
  const service = /^\/services\/([^/#]+)/.exec(item.target)?.[1];
  if (service !== undefined && !services.some((shown) => shown.slug === service)) return [];
  return [{ label: fill(item.label), href: item.target, external: targetKind(item.target) === 'outside', children: [] }];
}

/**
 * The owner's menu made links for this moment: the shown services in place of their stand-in,
 * links to hidden services dropped, and a grouping item with nothing left under it dropped too.
 */
export function menuLinks(
  items: readonly NavigationItem[],
  services: readonly ShownService[],
  fill: (text: string) => string = (text) => text,
): MenuLink[] {
  return items.flatMap((item) => {
    const children = item.children.flatMap((child) => leaf(child, services, fill));
    if (item.children.length === 0 || children.length === 0) {
      return item.target === '' ? [] : leaf({ label: item.label, target: item.target }, services, fill);
    }
    return [{ label: fill(item.label), href: item.target, external: targetKind(item.target) === 'outside', children }];
  });
}
