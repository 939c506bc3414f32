import { describe, expect, it } from 'vitest';
import { describeRange, nodeVersionProblem, readPackageJson, satisfies } from './node-version.mjs';

const RANGE = '^22.22.0 || >=24';

describe('the supported Node versions (package.json engines.node)', () => {
  it('are the range package.json gives, read from package.json itself', () => {
    expect(readPackageJson().engines.node).toBe(RANGE);
    expect(nodeVersionProblem(process.versions.node)).toBeNull();
  });

  it('take 22.22 and later 22s, and 24 onwards; nothing before, nor 23', () => {
    for (const version of ['22.22.0', '22.22.1', '22.30.0', '24.0.0', '24.21.0', '25.2.1', 'v26.0.0']) {
      expect(satisfies(version, RANGE), version).toBe(true);
    }
    for (const version of ['18.20.4', '20.20.2', '22.0.0', '22.21.9', '23.11.0']) expect(satisfies(version, RANGE), version).toBe(false);
  });

  it('read the other forms an engines field uses', () => {
    expect(satisfies('22.5.3', '~22.5')).toBe(true);
    expect(satisfies('22.6.0', '~22.5')).toBe(false);
    expect(satisfies('21.0.0', '>=20 <22')).toBe(true);
    expect(satisfies('22.0.0', '>=20 <22')).toBe(false);
    expect(satisfies('22.9.0', '22.x')).toBe(true);
    expect(() => satisfies('22.0.0', 'latest')).toThrow(/not a version/);
  });

  it('are told in the words a person reads, with the version found', () => {
    expect(describeRange(RANGE)).toBe('22.22+ or 24');
    expect(describeRange('^22.22.3 || >=24.3')).toBe('22.22.3+ or 24.3+');
    expect(nodeVersionProblem('20.20.2', RANGE)).toBe('needs Node 22.22+ or 24 (found 20.20)');
    expect(nodeVersionProblem('23.1.0', RANGE)).toBe('needs Node 22.22+ or 24 (found 23.1)');
    expect(nodeVersionProblem('22.22.0', RANGE)).toBeNull();
  });
});
