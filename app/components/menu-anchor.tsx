import { ArrowUpRight } from 'lucide-react';
import type { MenuLink } from '#common/site-content/navigation-links.ts';
import { AppLink } from './ui/app-link.tsx';

interface MenuAnchorProps {
  link: MenuLink;
  className: string;
  ariaCurrent?: 'page';
  onClick?: () => void;
}

/**
 * One menu link: a page of the site through the app's link, an outside address as a plain anchor
 * that says it leaves the site (an arrow, and words for screen readers) and gives the other site
 * no handle on this window.
 */
export function MenuAnchor({ link, className, ariaCurrent, onClick }: MenuAnchorProps) {
  if (link.external) {
    return (
      <a href={link.href} rel="noopener" className={className} onClick={onClick}>
        {link.label}
        <ArrowUpRight aria-hidden className="ml-0.5 inline size-3.5 align-[-0.125em]" />
        <span className="sr-only"> (another site)</span>
      </a>
    );
  }
  return (
    <AppLink to={link.href} aria-current={ariaCurrent} className={className} onClick={onClick}>
      {link.label}
    </AppLink>
  );
}
