import { matchPath, type ServerBuild } from 'react-router';
import { SHARED_PAGE, type PageAnswerPolicy, type PageHandle, type PagePolicy } from '#common/page-policy.ts';

/** One route's word: its whole path pattern, and whether it covers the addresses below it. */
interface Declared {
  pattern: string;
  /** An index route is its parent's address alone; any other route also covers what is below it. */
  end: boolean;
  depth: number;
  policy: PagePolicy;
}

type BuildRoute = NonNullable<ServerBuild['routes'][string]>;

function declaredPolicies(build: ServerBuild): Declared[] {
  const routes = build.routes;
  const declared: Declared[] = [];
  for (const route of Object.values(routes)) {
    const policy = (route?.module.handle as PageHandle | undefined)?.page;
    if (!route || !policy) continue;
    const segments: string[] = [];
    let depth = 0;
    for (let at: BuildRoute | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined, depth += 1)
      if (at.path) segments.unshift(at.path);
    declared.push({ pattern: `/${segments.join('/')}`.replace(/\/+/g, '/'), end: route.index === true, depth, policy });
  }
  // Shallow first: a deeper route's word is applied after, and so wins.
  return declared.sort((a, b) => a.depth - b.depth);
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
 * route whose address is the path or above it has its say, the deepest last. Matched as the routes
 * are spelled (the canonical-path redirect folds the case of every other page path first).
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
