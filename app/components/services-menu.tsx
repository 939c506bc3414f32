import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { SERVICE_LINKS, isActivePath } from '#app/content/navigation.ts';
import { cn } from '#app/lib/cn.ts';

/**
 * The Services dropdown as a disclosure (WAI-ARIA's pattern for site navigation) built on
 * <details>: it opens and its links work without JavaScript. With JavaScript it also closes on
 * Escape, an outside click or a route change, and the arrow keys move between its links. No
 * positioning library: the panel simply hangs below its trigger.
 */
export function ServicesMenu({ pathname, triggerClassName }: { pathname: string; triggerClassName: string }) {
  // Remembers the page it was opened on, so moving to another page closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const details = useRef<HTMLDetailsElement>(null);
  const trigger = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!details.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const moveFocus = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(true);
    const links = Array.from(details.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const next = current === -1 ? (step === 1 ? 0 : links.length - 1) : (current + step + links.length) % links.length;
    // The panel is rendered on the next paint when it was closed.
    requestAnimationFrame(() => links[next]?.focus());
  };

  return (
    <details ref={details} open={open} onToggle={(event) => setOpen(event.currentTarget.open)} onKeyDown={moveFocus} className="relative">
      <summary
        ref={trigger}
        className={cn(
          triggerClassName,
          'inline-flex cursor-pointer list-none items-center gap-1 [&::-webkit-details-marker]:hidden',
          isActivePath('/services', pathname) ? 'text-accent' : '',
        )}
      >
        Services
        <ChevronDown aria-hidden className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </summary>
      <ul className="absolute left-0 top-full z-50 mt-2 grid min-w-56 gap-0.5 rounded-xl border border-line-strong bg-surface-raised p-1.5 shadow-2xl">
        {SERVICE_LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              aria-current={pathname === link.to ? 'page' : undefined}
              className={cn(
                'block rounded-lg px-3 py-2 text-sm outline-none hover:bg-surface hover:text-fg focus-visible:bg-surface focus-visible:text-fg focus-visible:ring-2 focus-visible:ring-accent',
                pathname === link.to ? 'text-accent' : 'text-fg-muted',
              )}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
