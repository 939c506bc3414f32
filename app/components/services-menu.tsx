import { useEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import { isActivePath } from '#app/content/navigation.ts';
import type { MenuLink } from '#common/site-content/navigation-links.ts';
import { cn } from '#app/lib/cn.ts';
import { MenuAnchor } from './menu-anchor.tsx';

/**
 * A header item's dropdown (Services, or any item the owner puts others under) as a disclosure
 * (WAI-ARIA's pattern for site navigation) built on <details>: it opens and its links work
 * without JavaScript. With JavaScript it also closes on Escape, an outside click, keyboard focus
 * moving elsewhere or a route change, and the arrow keys move between its links. No positioning
 * library: the panel simply hangs below its trigger.
 *
 * The trigger's colour comes whole from `triggerClassName` (the header's active or idle link
 * style): adding a second colour class here would leave the winner to stylesheet order.
 *
 * Whether it is open lives in the DOM only (the `open` attribute), never in React state: a menu
 * opened before the page became interactive is then still handled correctly once it is, and no
 * key has to wait for a re-render.
 */
interface ServicesMenuProps {
  pathname: string;
  /** The trigger's words: the item's label. */
  label: string;
  links: MenuLink[];
  triggerClassName: string;
}

export function ServicesMenu({ pathname, label, links, triggerClassName }: ServicesMenuProps) {
  const details = useRef<HTMLDetailsElement>(null);
  const trigger = useRef<HTMLElement>(null);

  // Moving to another page closes it; the first render is no move, so an open menu stays open.
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    if (details.current) details.current.open = false;
  }, [pathname]);

  // Listening from the start rather than from opening: Escape right after Enter is never missed.
  useEffect(() => {
    const closeOutside = (event: PointerEvent) => {
      const menu = details.current;
      if (menu?.open && !menu.contains(event.target as Node)) menu.open = false;
    };
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      const menu = details.current;
      if (event.key !== 'Escape' || !menu?.open) return;
      menu.open = false;
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, []);

  const moveFocus = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const menu = event.currentTarget;
    // Opened in place, so its links can take focus now: a key pressed next already lands on the new link.
    menu.open = true;
    const links = Array.from(menu.querySelectorAll<HTMLAnchorElement>('a'));
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const next = current === -1 ? (step === 1 ? 0 : links.length - 1) : (current + step + links.length) % links.length;
    links[next]?.focus();
  };

  // Tabbing past the last link (or Shift+Tab before the trigger) closes it. Only a focus that lands
  // on something outside counts: a click that focuses nothing (Safari) is left to `closeOutside`.
  const closeWhenFocusLeaves = (event: FocusEvent<HTMLDetailsElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) event.currentTarget.open = false;
  };

  return (
    <details ref={details} onKeyDown={moveFocus} onBlur={closeWhenFocusLeaves} className="group relative">
      <summary
        ref={trigger}
        className={cn(triggerClassName, 'inline-flex cursor-pointer list-none items-center gap-1 [&::-webkit-details-marker]:hidden')}
      >
        {label}
        <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul
        className={cn(
          'absolute left-0 top-full z-50 mt-2 grid min-w-56 gap-0.5',
          'rounded-xl border border-line-strong bg-surface-raised p-1.5 shadow-2xl',
        )}
      >
        {links.map((link, index) => (
          <li key={index}>
            <MenuAnchor
              link={link}
              // The page itself is "current"; All Services is also lit on the pages below it (a prefix match, like the top links).
              ariaCurrent={pathname === link.href ? 'page' : undefined}
              className={cn(
                'block rounded-lg px-3 py-2 text-sm outline-none hover:bg-surface hover:text-fg',
                'focus-visible:bg-surface focus-visible:text-fg focus-visible:ring-2 focus-visible:ring-accent',
                !link.external && isActivePath(link.href, pathname) ? 'text-accent' : 'text-fg-muted',
              )}
            />
          </li>
        ))}
      </ul>
    </details>
  );
}
