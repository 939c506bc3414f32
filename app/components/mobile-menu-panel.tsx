import type { RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import {
  ADMIN_LINK,
  PRIMARY_LINKS_AFTER_SERVICES,
  PRIMARY_LINKS_BEFORE_SERVICES,
  SERVICE_LINKS,
  isActivePath,
  type NavLink,
} from '#app/content/navigation.ts';
import { cn } from '#app/lib/cn.ts';
import { ButtonLink } from './ui/button';

interface MobileMenuPanelProps {
  isAdmin: boolean;
  pathname: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gets focus back when the panel closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

/**
 * The right-side slide-in panel for small screens; Radix Dialog traps focus and closes on Escape.
 * Loaded on demand by MobileMenu, so desktop visitors never download it.
 */
export default function MobileMenuPanel({ isAdmin, pathname, open, onOpenChange, trigger }: MobileMenuPanelProps) {
  const close = () => onOpenChange(false);

  const item = (link: NavLink, nested = false) => {
    const active = link.to === '/services' ? pathname === '/services' : isActivePath(link.to, pathname);
    return (
      <li key={link.to}>
        <Link
          to={link.to}
          onClick={close}
          aria-current={active ? 'page' : undefined}
          className={cn(
            'block rounded-lg px-3 py-2.5 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
            nested ? 'pl-6 text-sm' : 'text-base',
            active ? 'bg-surface text-accent' : 'text-fg-muted hover:bg-surface hover:text-fg',
          )}
        >
          {link.label}
        </Link>
      </li>
    );
  };

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
          <nav aria-label="Mobile">
            <ul className="grid gap-1">
              {PRIMARY_LINKS_BEFORE_SERVICES.map((link) => item(link))}
              <li>
                <p className="px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wider text-fg-subtle">Services</p>
                <ul className="grid gap-1">{SERVICE_LINKS.map((link) => item(link, true))}</ul>
              </li>
              {PRIMARY_LINKS_AFTER_SERVICES.map((link) => item(link))}
              {isAdmin ? item(ADMIN_LINK) : null}
            </ul>
          </nav>
          <ButtonLink to="/contact" onClick={close} className="mt-auto w-full">
            Get Started
          </ButtonLink>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
