import { describe, expect, it } from 'vitest';
import { projectRequestSchema, quoteProjectRequest, type StartPackage } from './project-requests.ts';
import { packageExtraKey, packageSchema } from './site-content/packages.ts';
import { DEFAULT_PACKAGES } from './site-content/defaults.ts';

const STANDARD: StartPackage = {
  key: 'standard',
  name: 'Standard Mix & Master',
  price: 150,
  priceNote: 'per song',
  instantBooking: false,
  extras: [
    { label: 'Stems of every song', price: 50 },
    { label: 'Rush delivery (48 hours)', price: 75 },
  ],
};

describe('a project request’s sums', () => {
  it('is songs × the package plus the extras chosen, split by the deposit share as the proposal will be', () => {
    const quoted = quoteProjectRequest(STANDARD, { songs: 3, extras: ['rush-delivery-48-hours', 'stems-of-every-song'] }, 50);
    expect(quoted.kind).toBe('quote');
    if (quoted.kind !== 'quote') return;
    expect(quoted.quote.lines).toEqual([
      { label: 'Standard Mix & Master × 3 songs', amountCents: 45_000 },
      { label: 'Rush delivery (48 hours)', amountCents: 7_500 },
      { label: 'Stems of every song', amountCents: 5_000 },
    ]);
    expect(quoted.quote.totalCents).toBe(57_500);
    expect(quoted.quote.parts.map((part) => [part.kind, part.totalCents])).toEqual([
      ['deposit', 28_750],
      ['balance', 28_750],
    ]);
    expect(quoted.extras).toEqual([
      { label: 'Rush delivery (48 hours)', amountCents: 7_500 },
      { label: 'Stems of every song', amountCents: 5_000 },
    ]);
  });

  it('splits an odd cent the way the plan does, and asks everything at once with no deposit share', () => {
    const odd = quoteProjectRequest({ ...STANDARD, price: 1 }, { songs: 1, extras: [] }, 33);
    if (odd.kind !== 'quote') throw new Error('not priced');
    expect(odd.quote.parts.reduce((sum, part) => sum + part.totalCents, 0)).toBe(100);
    const whole = quoteProjectRequest(STANDARD, { songs: 1, extras: [] }, 0);
    if (whole.kind !== 'quote') throw new Error('not priced');
    expect(whole.quote.parts).toHaveLength(1);
    expect(whole.quote.totalCents).toBe(15_000);
  });

  it('refuses an extra the package does not offer', () => {
    expect(quoteProjectRequest(STANDARD, { songs: 1, extras: ['gold-plating'] }, 50)).toEqual({
      kind: 'unknown-extra',
      key: 'gold-plating',
    });
  });
});

describe('the request and the package records', () => {
  it('names an extra by its label in lowercase words and dashes', () => {
    expect(packageExtraKey('Rush delivery (48 hours)')).toBe('rush-delivery-48-hours');
    expect(packageExtraKey('  Stems & Alt Mixes! ')).toBe('stems-alt-mixes');
  });

  it('reads a package saved before instant booking and extras as off and none', () => {
    const { instantBooking: _off, extras: _none, ...older } = DEFAULT_PACKAGES.packages[1]!;
    expect(packageSchema.parse(older)).toMatchObject({ instantBooking: false, extras: [] });
    const twice = {
      ...older,
      extras: [
        { label: 'Stems', price: 5 },
        { label: 'stems', price: 6 },
      ],
    };
    expect(packageSchema.safeParse(twice).success).toBe(false);
  });

  it('takes whole songs within the limit, extras named once, and a person’s details', () => {
    const ok = { packageKey: 'standard', songs: 2, extras: ['stems'], name: 'Nina', email: 'NINA@example.com' };
    expect(projectRequestSchema.parse(ok)).toMatchObject({ email: 'nina@example.com', note: '' });
    for (const bad of [{ songs: 1.5 }, { songs: 101 }, { extras: ['a', 'a'] }, { extras: ['Not A Key'] }, { name: 'N' }, { email: 'x' }])
      expect(projectRequestSchema.safeParse({ ...ok, ...bad }).success, JSON.stringify(bad)).toBe(false);
  });
});
