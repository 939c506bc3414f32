import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * What Uppy's modal lacks, patched around it:
 * - a name on the element that has role="dialog" (Uppy labels an outer wrapper);
 * - a list around a single file (Uppy gives the file role="listitem" but drops the list's role when
 *   there is one file, which assistive technology reads as a broken list);
 * - a page that stays where it was: Uppy's own scroll lock fixes the body's height and its focus
 *   handling can scroll to its markup, so the position is taken before opening and held while open.
 * Answers the function that opens the dialog.
 */
export function useModalWithoutScroll(open: boolean, host: RefObject<HTMLElement | null>, name: string, setOpen: (open: boolean) => void) {
  const position = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const root = host.current;
    if (!root) return;
    const patch = () => {
      root.querySelector('[role="dialog"]:not([aria-label])')?.setAttribute('aria-label', name);
      root.querySelectorAll('.uppy-Dashboard-files:not([role])').forEach((list) => list.setAttribute('role', 'list'));
    };
    patch();
    const observer = new MutationObserver(patch);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [host, name]);

  useEffect(() => {
    if (!open) return;
    const { x, y } = position.current ?? { x: window.scrollX, y: window.scrollY };
    const hold = () => {
      if (window.scrollX !== x || window.scrollY !== y) window.scrollTo({ left: x, top: y, behavior: 'instant' });
    };
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    hold();
    window.addEventListener('scroll', hold);
    return () => {
      window.removeEventListener('scroll', hold);
      root.style.overflow = before;
      position.current = null;
    };
  }, [open]);

  return useCallback(() => {
    position.current = { x: window.scrollX, y: window.scrollY };
    setOpen(true);
  }, [setOpen]);
}
