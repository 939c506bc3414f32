import { useEffect, type RefObject } from 'react';

/**
 * Uppy gives each file role="listitem" but drops the list's role when there is one file, which
 * assistive technology reads as a broken list: the role is put back whenever Uppy redraws.
 */
export function useUppyMarkupFixes(host: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = host.current;
    if (!root) return;
    const patch = () => root.querySelectorAll('.uppy-Dashboard-files:not([role])').forEach((list) => list.setAttribute('role', 'list'));
    patch();
    const observer = new MutationObserver(patch);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [host]);
}
