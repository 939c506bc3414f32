/** The dashboard's tab list, which an area scrolls to when its address changes. */
export const DASHBOARD_TABS_ID = 'dashboard-tabs';

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
  });
}
