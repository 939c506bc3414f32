import { useEffect, type RefObject } from 'react';

/**
 * What Uppy's modal lacks: a name on the element that has role="dialog" (Uppy labels an outer
 * wrapper), and a page that stays where it was while it is open. Uppy's own scroll lock fixes the
 * body's height, which throws the page back to the top; clipping the root scroller keeps the position.
 */
export function useModalWithoutScroll(open: boolean, host: RefObject<HTMLElement | null>, name: string): void {
  useEffect(() => {
    const dialog = host.current?.querySelector('[role="dialog"]');
    dialog?.setAttribute('aria-label', name);
    if (!open) return;
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = before;
    };
  }, [open, host, name]);
}
