/** The dashboard's tab list, which an area scrolls to when its address changes. */
export const DASHBOARD_TABS_ID = 'dashboard-tabs';

/** How long the tabs are held in view while what is above them finishes loading. */
const SETTLE_MS = 5000;
/** What a person does to scroll themselves: from then on the page is theirs. */
const OWN_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Brings the dashboard's tabs to the top of the window. An area with addresses of its own (Projects)
 * calls it when it opens at a new address: the root scrolls every new path to the top, which here
 * would leave the area below the checklist and the stat cards (a phone's whole screen). Called after
 * the content is there, so the page is tall enough to scroll that far; a frame later, so it follows
 * the root's scroll to the top rather than being undone by it.
 */
export function revealDashboardTabs() {
  requestAnimationFrame(() => {
    const tabs = document.getElementById(DASHBOARD_TABS_ID);
    if (!tabs) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    tabs.scrollIntoView({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
    holdWhileAboveSettles(tabs);
  });
}

/**
 * The checklist and the stat cards above the tabs read their data on their own and may arrive after
 * the area did (the checklist appears only then): growing, they would push the tabs (and the area)
 * out of view again, mid-scroll on a slow phone. For a few seconds after the reveal, whenever the
 * dashboard's layout changes and the tabs have moved off the top, they are brought back, until the
 * person scrolls, types or taps.
 */
function holdWhileAboveSettles(tabs: HTMLElement) {
  const dashboard = tabs.parentElement?.parentElement;
  if (!dashboard || typeof ResizeObserver === 'undefined') return;
  let first = true;
  const observer = new ResizeObserver(() => {
    // The first report comes as watching starts, while the smooth scroll runs: nothing changed yet.
    if (first) return void (first = false);
    // Where scrollIntoView puts the tabs: their scroll margin below the window's top.
    const target = parseFloat(getComputedStyle(tabs).scrollMarginTop) || 0;
    if (Math.abs(tabs.getBoundingClientRect().top - target) > 2) tabs.scrollIntoView({ block: 'start', behavior: 'auto' });
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    OWN_SCROLL_EVENTS.forEach((type) => window.removeEventListener(type, stop, true));
  };
  const timer = setTimeout(stop, SETTLE_MS);
  OWN_SCROLL_EVENTS.forEach((type) => window.addEventListener(type, stop, { capture: true, passive: true }));
  observer.observe(dashboard);
}
