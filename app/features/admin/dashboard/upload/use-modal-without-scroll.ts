import { useEffect, type RefObject } from 'react';

/**
 * What Uppy's modal lacks: a name on the element that has role="dialog" (Uppy labels an outer
 * wrapper), and a page that stays where it was while it is open. Uppy's own scroll lock fixes the
 * body's height, which throws the page back to the top, and its focus handling can scroll the page
 * to the dialog's markup; so the page is clipped and held at the position it had when the dialog opened.
 */
export function useModalWithoutScroll(open: boolean, host: RefObject<HTMLElement | null>, name: string): void {
  useEffect(() => {
    const dialog = host.current?.querySelector('[role="dialog"]');
    dialog?.setAttribute('aria-label', name);
    if (!open) return;
    const root = document.documentElement;
    const before = root.style.overflow;
    const x = window.scrollX;
    const y = window.scrollY;
    const hold = () => {
      if (window.scrollX !== x || window.scrollY !== y) window.scrollTo(x, y);
    };
    root.style.overflow = 'hidden';
    window.addEventListener('scroll', hold);
    return () => {
      window.removeEventListener('scroll', hold);
      root.style.overflow = before;
    };
  }, [open, host, name]);
}
