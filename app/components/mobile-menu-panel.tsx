import type { RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { MenuLink } from '#common/site-content/navigation-links.ts';
import { cn } from '#app/lib/cn.ts';
import { MobileMenuLinks } from './mobile-menu-links.tsx';
import { ButtonLink } from './ui/button.tsx';

interface MobileMenuPanelProps {
  isAdmin: boolean;
  pathname: string;
  menu: MenuLink[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gets focus back when the panel closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

/**
 * The right-side slide-in panel for small screens; Radix Dialog traps focus and closes on Escape.
 * Loaded on demand by MobileMenu, so desktop visitors never download it.
 */
export default function MobileMenuPanel({ isAdmin, pathname, menu, open, onOpenChange, trigger }: MobileMenuPanelProps) {
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className={cn(
            'sheet-content fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col gap-6 overflow-y-auto',
            'border-l border-line bg-ink p-6 shadow-2xl',
          )}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold text-fg">Menu</Dialog.Title>
            <Dialog.Close
              className={cn(
                'inline-flex size-10 items-center justify-center rounded-md text-fg hover:bg-surface-raised',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
              )}
              aria-label="Close menu"
            >
              <X aria-hidden className="size-6" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
          <MobileMenuLinks isAdmin={isAdmin} pathname={pathname} menu={menu} onNavigate={close} />
          <ButtonLink to="/contact" onClick={close} className="mt-auto w-full">
            Get Started
          </ButtonLink>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
