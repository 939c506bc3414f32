import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import routeConfig from '#app/routes.ts';
import { PAGE_POLICIES, SHARED_PAGE, type PageAnswerPolicy, type PageHandle } from '#common/page-policy.ts';
import { pagePolicyTest } from '#server/http/page-policy.ts';

/*
 * The page policies the routes declare (decision 098), read the way the server reads them: from the
 * real route config and route modules, and from the stand-in build the integration tests run on.
 */

type Routes = ServerBuild['routes'];
const idOf = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.tsx?$/, '');

/** The server build's route table for app/routes.ts, with each route module as the build has it. */
async function routesOfConfig(entries: RouteConfigEntry[], parentId = 'root', into: Routes = {}): Promise<Routes> {
  for (const entry of entries) {
    const id = idOf(entry);
    const module = (await import(path.join(import.meta.dirname, 'app', entry.file))) as NonNullable<Routes[string]>['module'];
    into[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, module };
    await routesOfConfig(entry.children ?? [], id, into);
  }
  return into;
}

const private_ = PAGE_POLICIES.private;
const secret = PAGE_POLICIES.secretAddress;

/** What each kind of address is answered with: the rules pages.ts and canonical-path.ts once spelled as path prefixes. */
const EXPECTED: Array<[string, PageAnswerPolicy]> = [
  ['/', SHARED_PAGE],
  ['/contact', SHARED_PAGE],
  ['/services/mixing-mastering', SHARED_PAGE],
  ['/no-such-page', SHARED_PAGE],
  ['/listen', SHARED_PAGE],
  ['/bookings', SHARED_PAGE],
  ['/manage', private_],
  ['/manage/projects/3', private_],
  ['/manage/bookings/week', private_],
  ['/manage/projects/3/review/4', private_],
  ['/manage/reset-password', private_],
  // The staff invitation's link (issue 43): its token is the address.
  ['/manage/join/AbC-1', secret],
  ['/manage/no-such-page', private_],
  ['/portal', private_],
  ['/portal/projects/1', private_],
  ['/portal/projects/1/review/2', private_],
  ['/portal/no-such-page', private_],
  ['/book', PAGE_POLICIES.sharedUntilAsked],
  ['/book.data', PAGE_POLICIES.sharedUntilAsked],
  ['/book/cancel/AbC-1', secret],
  ['/book/reschedule/AbC-1', secret],
  // Below /book but no e-mailed link's address: as the picker is (an unknown path: the one 404 page).
  ['/book/cancl/AbC-1', PAGE_POLICIES.sharedUntilAsked],
  ['/listen/AbC-1', secret],
  ['/listen/AbC-1.data', secret],
];

const standInBuild = async () =>
  (await import(path.join(import.meta.dirname, 'server', 'test-support', 'page-build', 'server', 'index.js'))) as ServerBuild;

describe('page policies on the routes', () => {
  let routes: Routes;
  beforeAll(async () => {
    routes = { root: { id: 'root', path: '', module: {} } as Routes[string], ...(await routesOfConfig(routeConfig)) };
  }, 60_000);

  it('answer every kind of address as the server always has', () => {
    const policyOf = pagePolicyTest({ routes } as ServerBuild);
    for (const [pathname, expected] of EXPECTED) expect(policyOf(pathname), pathname).toEqual(expected);
  });

  it('are stated by the stand-in build the integration tests run on just as by the real routes', async () => {
    const policyOf = pagePolicyTest(await standInBuild());
    for (const [pathname, expected] of EXPECTED) expect(policyOf(pathname), pathname).toEqual(expected);
  });

  it('put every admin and portal page below its group’s guarding layout', () => {
    const below = (id: string, ancestor: string): boolean => {
      const parent = routes[id]?.parentId;
      return parent === ancestor || (parent !== undefined && below(parent, ancestor));
    };
    const fullPath = (id: string): string => {
      const route = routes[id]!;
      const own = route.path ?? '';
      return route.parentId ? path.posix.join(fullPath(route.parentId), own) : `/${own}`;
    };
    const pages = Object.keys(routes).filter((id) => id !== 'root' && routes[id]!.module.default);
    const admin = pages.filter((id) => /^\/manage(\/|$)/.test(fullPath(id)) && id !== 'routes/admin-layout');
    const portal = pages.filter((id) => /^\/portal(\/|$)/.test(fullPath(id)) && id !== 'routes/portal-layout');
    expect(admin.length).toBeGreaterThan(5);
    expect(portal.length).toBe(3);
    // The reset-password and join pages are the admin addresses a signed-out person must reach.
    const signedOut = ['routes/manage.reset-password', 'routes/manage.join.$token'];
    for (const id of admin) if (!signedOut.includes(id)) expect(below(id, 'routes/admin-layout'), id).toBe(true);
    for (const id of portal) expect(below(id, 'routes/portal-layout'), id).toBe(true);
  });

  it('hydrate the portal and the review links with React Router, and serve the other public pages as islands', () => {
    const tree = (parentId: string | undefined): RouteObject[] =>
      Object.values(routes)
        .filter((route) => route!.parentId === parentId)
        .map(
          (route) =>
            ({
              id: route!.id,
              path: route!.path,
              index: route!.index,
              children: route!.index ? undefined : tree(route!.id),
            }) as RouteObject,
        );
    const islandsOf = (pathname: string) => {
      const wanted = matchRoutes(tree(undefined), pathname)!.map(
        ({ route }) => (routes[route.id!]!.module.handle as PageHandle | undefined)?.islands,
      );
      return wanted.includes(true) && !wanted.includes(false);
    };
    for (const pathname of ['/', '/contact', '/book', '/book/reschedule/x', '/no-such-page'])
      expect(islandsOf(pathname), pathname).toBe(true);
    for (const pathname of [
      '/portal',
      '/portal/projects/1',
      '/portal/projects/1/review/2',
      '/listen/x',
      '/manage',
      '/manage/reset-password',
      '/manage/join/x',
    ])
      expect(islandsOf(pathname), pathname).toBe(false);
  });
});
