import { lazy, Suspense, useRef, useState } from 'react';
import { Menu, X } from 'lucide-react';
import type { MenuLink } from '#common/site-content/navigation-links.ts';
import { cn } from '#app/lib/cn.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { MobileMenuLinks } from './mobile-menu-links.tsx';
import { ButtonLink } from './ui/button.tsx';

interface MenuProps {
  isAdmin: boolean;
  pathname: string;
  /** The header's menu: the phone shows the same items. */
  menu: MenuLink[];
}

const loadPanel = () => import('./mobile-menu-panel');
const MobileMenuPanel = lazy(loadPanel);

const iconButton = cn(
  'inline-flex size-10 items-center justify-center rounded-md text-fg hover:bg-surface-raised',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent lg:hidden',
);

/**
 * The phone menu. The server renders it as a <details> disclosure whose links drop down below the
 * header, so it works without JavaScript (and before the page is interactive). Once React runs,
 * it becomes the button that opens the slide-in Radix panel, fetched when the button is first
 * pointed at, focused or pressed, so visitors on a desktop never download it.
 */
export function MobileMenu({ isAdmin, pathname, menu }: MenuProps) {
  const hydrated = useHydrated();
  return hydrated ? (
    <MobileMenuButton isAdmin={isAdmin} pathname={pathname} menu={menu} />
  ) : (
    <MobileMenuDisclosure isAdmin={isAdmin} pathname={pathname} menu={menu} />
  );
}

function MobileMenuButton({ isAdmin, pathname, menu }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadPanel();

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className={iconButton}
      >
        <Menu aria-hidden className="size-6" />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuPanel isAdmin={isAdmin} pathname={pathname} menu={menu} open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Without JavaScript: the browser opens and closes it by itself. Not positioned, so the panel hangs
 * from the sticky header (the nearest positioned box) across the full width.
 */
function MobileMenuDisclosure({ isAdmin, pathname, menu }: MenuProps) {
  return (
    <details className="group lg:hidden">
      <summary aria-label="Menu" className={cn(iconButton, 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}>
        <Menu aria-hidden className="size-6 group-open:hidden" />
        <X aria-hidden className="hidden size-6 group-open:block" />
      </summary>
      <div
        className={cn(
          'absolute inset-x-0 top-full grid max-h-[calc(100dvh-4rem)] gap-6 overflow-y-auto',
          'border-b border-line bg-ink px-4 pb-6 pt-3 shadow-2xl sm:px-6',
        )}
      >
        <MobileMenuLinks isAdmin={isAdmin} pathname={pathname} menu={menu} />
        <ButtonLink to="/contact" className="w-full">
          Get Started
        </ButtonLink>
      </div>
    </details>
  );
}
