import { useRouteLoaderData } from 'react-router';
import type { SiteEssentials } from '#common/site-content/sections.ts';

/** What the root loader (app/root.tsx) gives every page. */
export interface RootData {
  publicUrl: string;
  /** The owner's facts every page shows (header, footer, meta, structured data), from the content cache. */
  site: SiteEssentials;
  isAdmin: boolean;
  /** The signed-in owner's ?preview=draft: the content above has every draft in place (decision 076). */
  preview: boolean;
}

/** The root route's id: React Router names the root route so. */
export const ROOT_ROUTE_ID = 'root';

/** The root loader's data when it ran (the root error page renders without it). */
export const useRootDataIfLoaded = (): RootData | undefined => useRouteLoaderData<RootData>(ROOT_ROUTE_ID);

/**
 * The root loader's data. Every page renders below the root route, so it is there whenever a page or
 * its chrome renders (the root error page uses none of it); not shipping a fallback copy of the
 * owner's facts keeps them out of the browser bundle.
 */
export function useRootData(): RootData {
  const data = useRootDataIfLoaded();
  if (!data) throw new Error('useRootData: the root loader has not run');
  return data;
}

/** The studio, prices and worded hours from the root loader. */
export function useSite(): SiteEssentials {
  return useRootData().site;
}
