import { lazy, Suspense, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { cn } from '#app/lib/cn.ts';

const loadPanel = () => import('./mobile-menu-panel');
const MobileMenuPanel = lazy(loadPanel);

/**
 * The phone menu's button. The panel (and Radix Dialog with it) is fetched when the button is
 * first pointed at, focused or pressed, so visitors on a desktop never download it.
 */
export function MobileMenu({ isAdmin, pathname }: { isAdmin: boolean; pathname: string }) {
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
        className={cn(
          'inline-flex size-10 items-center justify-center rounded-md text-fg hover:bg-surface-raised',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent lg:hidden',
        )}
      >
        <Menu aria-hidden className="size-6" />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuPanel isAdmin={isAdmin} pathname={pathname} open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
