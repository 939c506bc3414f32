import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_POLICIES, SHARED_PAGE } from '#common/page-policy.ts';
import { pagePathOf, pagePolicyTest } from './page-policy.ts';

const route = (id: string, parentId: string | undefined, fields: object, handle?: object) => [
  id,
  { id, parentId, ...fields, module: handle ? { handle } : {} },
];

// A group that says private, a page in it that says its address is a secret, and an index that says no secret.
const build = {
  routes: Object.fromEntries([
    route('root', undefined, { path: '' }),
    route('group', 'root', { path: 'group' }, { page: PAGE_POLICIES.secretAddress }),
    route('group-index', 'group', { index: true }, { page: PAGE_POLICIES.private }),
    route('plain', 'root', { path: 'plain' }, { islands: true }),
    // A layout without a path: its word covers its pages' addresses, not everything.
    route('audience', 'root', {}, { page: PAGE_POLICIES.private }),
    route('audience-page', 'audience', { path: 'space' }),
    route('audience-deeper', 'audience', { path: 'space/:key' }, { page: PAGE_POLICIES.secretAddress }),
    // A shallower route with a longer path has the last word over a deeper one with a shorter path.
    route('picker', 'root', { path: 'pick' }, { page: PAGE_POLICIES.private }),
    route('picked', 'root', { path: 'pick/:token' }, { page: PAGE_POLICIES.secretAddress }),
  ]),
} as unknown as ServerBuild;

describe('pagePolicyTest', () => {
  const policyOf = pagePolicyTest(build);

  it('applies a route’s policy to its address and every address below it, a deeper route’s word last', () => {
    expect(policyOf('/group')).toEqual(PAGE_POLICIES.private);
    expect(policyOf('/group/')).toEqual(PAGE_POLICIES.private);
    expect(policyOf('/group/anything/below')).toEqual(PAGE_POLICIES.secretAddress);
    expect(policyOf('/plain')).toEqual(SHARED_PAGE);
    expect(policyOf('/groupies')).toEqual(SHARED_PAGE);
  });

  it('lets a layout without a path speak for its pages’ addresses only, the more precise path last', () => {
    expect(policyOf('/space')).toEqual(PAGE_POLICIES.private);
    expect(policyOf('/space/unknown/below')).toEqual(PAGE_POLICIES.secretAddress);
    expect(policyOf('/elsewhere')).toEqual(SHARED_PAGE);
    expect(policyOf('/pick')).toEqual(PAGE_POLICIES.private);
    expect(policyOf('/pick/AbC')).toEqual(PAGE_POLICIES.secretAddress);
  });

  it('matches as the routes are spelled: any other spelling is folded by the canonical-path redirect first', () => {
    expect(policyOf('/Group/x')).toEqual(SHARED_PAGE);
  });

  it('reads a data request as the page it is for', () => {
    expect(pagePathOf('/group/x.data')).toBe('/group/x');
    expect(pagePathOf('/_root.data')).toBe('/');
    expect(policyOf('/group/x.data')).toEqual(PAGE_POLICIES.secretAddress);
    expect(policyOf('/group.data')).toEqual(PAGE_POLICIES.private);
  });

  it('is made once per build', () => {
    expect(pagePolicyTest(build)).toBe(policyOf);
  });
});
