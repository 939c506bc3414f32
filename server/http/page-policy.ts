import { matchPath, type ServerBuild } from 'react-router';
import { SHARED_PAGE, type PageAnswerPolicy, type PageHandle, type PagePolicy } from '#common/page-policy.ts';

/** One address a route's word covers: a path pattern, and whether the addresses below it are covered too. */
interface Declared {
  pattern: string;
  end: boolean;
  /** Which word wins where several cover an address: the longer pattern, then the deeper route. */
  rank: [segments: number, depth: number];
  policy: PagePolicy;
}

type BuildRoute = NonNullable<ServerBuild['routes'][string]>;

function declaredPolicies(build: ServerBuild): Declared[] {
  const routes = Object.values(build.routes).filter((route): route is BuildRoute => route !== undefined);
  const byId = new Map(routes.map((route) => [route.id, route]));
  const depthOf = (route: BuildRoute): number => (route.parentId ? depthOf(byId.get(route.parentId)!) + 1 : 0);
  const fullPath = (route: BuildRoute | undefined): string =>
    route ? `${fullPath(route.parentId ? byId.get(route.parentId) : undefined)}/${route.path ?? ''}`.replace(/\/+/g, '/') : '';
  // A route with a path covers it and what is below; an index, its parent's address alone; a layout
  // without a path (a group), the addresses of its pages.
  const coveredBy = (route: BuildRoute): Array<{ pattern: string; end: boolean }> => {
    if (route.index) return [{ pattern: fullPath(route) || '/', end: true }];
    if (route.path) return [{ pattern: fullPath(route), end: false }];
    return routes.filter((child) => child.parentId === route.id).flatMap(coveredBy);
  };
  const declared: Declared[] = [];
  for (const route of routes) {
    const policy = (route.module.handle as PageHandle | undefined)?.page;
    if (!policy) continue;
    for (const { pattern, end } of coveredBy(route))
      declared.push({ pattern, end, rank: [pattern.split('/').filter(Boolean).length, depthOf(route)], policy });
  }
  // Applied from the weakest to the strongest claim: the last word wins.
  return declared.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1]);
}

/** The page a React Router data request (`/x.data`, `/_root.data` for `/`) is for. */
export function pagePathOf(pathname: string): string {
  if (pathname.endsWith('/_root.data')) return pathname.slice(0, -'_root.data'.length) || '/';
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
}

export type PagePolicyOf = (pathname: string) => PageAnswerPolicy;

const policyTests = new WeakMap<ServerBuild, PagePolicyOf>();

/**
 * The policy the build's routes declare for a path (`handle.page`, common/page-policy.ts): every
 * route that covers the path has its say, the most precise last. Matched as the routes are spelled
 * (the canonical-path redirect folds the case of every other page path first).
 */
export function pagePolicyTest(build: ServerBuild): PagePolicyOf {
  const known = policyTests.get(build);
  if (known) return known;
  const declared = declaredPolicies(build);
  const test: PagePolicyOf = (pathname) => {
    const path = pagePathOf(pathname);
    let policy = SHARED_PAGE;
    for (const route of declared)
      if (matchPath({ path: route.pattern, end: route.end, caseSensitive: true }, path)) policy = { ...policy, ...route.policy };
    return policy;
  };
  policyTests.set(build, test);
  return test;
}
