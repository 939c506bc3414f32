/**
 * Radix Tabs triggers: the active one is marked by data-state="active". On phones the lists are grids
 * whose labels may wrap, so every tab stays in view without scrolling the list sideways.
 */
export const tabListClasses = 'flex w-full gap-1 overflow-x-auto rounded-xl border border-line bg-surface p-1 sm:w-auto sm:inline-flex';
export const tabTriggerClasses =
  'flex-1 min-h-11 rounded-lg px-3 py-2 text-sm leading-tight sm:min-h-0 sm:whitespace-nowrap font-medium text-fg-muted ' +
  'transition-colors ' +
  'hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent data-[state=active]:bg-accent ' +
  'data-[state=active]:text-ink sm:flex-none sm:px-4';
