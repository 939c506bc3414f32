import { describe, expect, it } from 'vitest';
import { isActivePath } from './navigation.ts';

describe('isActivePath', () => {
  it('marks Home active only on the exact root path', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/about')).toBe(false);
  });

  it('marks other links active on a path prefix', () => {
    expect(isActivePath('/services', '/services')).toBe(true);
    expect(isActivePath('/services', '/services/mixing-mastering')).toBe(true);
    expect(isActivePath('/services', '/servicesx')).toBe(false);
    expect(isActivePath('/samples', '/about')).toBe(false);
  });
});
