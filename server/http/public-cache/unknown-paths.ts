import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

/**
 * The key of the one stored 404 page. Never a request's path (those begin with a slash and hold no
 * space), so the answers served before Express (serve-public-hits.ts) never find it by URL.
 */
export const NOT_FOUND_KEY = 'not found (every unknown path)';

/**
 * Where the one 404 page is rendered: a fixed address no route but the catch-all takes, so its bytes
 * name no visitor's path and every unknown path is answered with the same page.
 */
export const NOT_FOUND_RENDER_PATH = '/__not-found';

function routeTree(routes: ServerBuild['routes'], parentId: string | undefined): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route !== undefined && route.parentId === parentId)
    .map((route) => {
      const { id, path, index, caseSensitive } = route!;
      const children = routeTree(routes, id);
      // An index route has no children; a layout route's children are where its paths are.
      return (index ? { id, path, index: true, caseSensitive } : { id, path, caseSensitive, children }) as RouteObject;
    });
}

/**
 * Tells a path the build has no page for: no route matches it, or only the catch-all route (`*`, the
 * 404 page) does. Known from the routes alone, before anything renders; React Router matches the
 * same way (percent-decoded, any case). A route whose loader answers 404 (a hidden service) is not
 * unknown: it renders as before, and is not kept.
 */
export function unknownPathTest(build: ServerBuild): (pathname: string) => boolean {
  const routes = routeTree(build.routes, undefined);
  return (pathname) => {
    const matches = matchRoutes(routes, pathname);
    return !matches || matches.at(-1)!.route.path === '*';
  };
}
