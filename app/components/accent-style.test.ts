import { describe, expect, it } from 'vitest';
import { accentStyle } from './accent-style.ts';
import { ACCENT_SOFT_ALPHA, accentStrong } from '#common/site-content/contrast.ts';

describe('the accent style', () => {
  it("sets the owner's colour and its shades, and nothing for the shipped one", () => {
    // Plain colours (a canvas reads them too), mixed as the contrast check measures them.
    expect(accentStyle('#4ade80')).toEqual({
      '--color-accent': '#4ade80',
      '--color-accent-strong': accentStrong('#4ade80'),
      '--color-accent-soft': `rgb(74 222 128 / ${ACCENT_SOFT_ALPHA})`,
    });
    expect(accentStyle('#f5b83d')).toBeUndefined();
    expect(accentStyle(undefined)).toBeUndefined();
  });
});
