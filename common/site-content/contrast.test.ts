import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { brandSchema } from './brand.ts';
import { ACCENT_SOFT_ALPHA, ACCENT_SURFACES, accentPairs, axeRatio, blend, weakestAccentPair } from './contrast.ts';

// axe-core's own colour maths, as the journeys' axe runs it in the browser (its types leave `color` out of `commons`).
interface AxeColour {
  toHexString(): string;
}
const { Color, flattenColors, getContrast } = (
  axe.commons as unknown as {
    color: {
      Color: new (red: number, green: number, blue: number, alpha: number) => AxeColour;
      flattenColors(source: AxeColour, backdrop: AxeColour): AxeColour;
      getContrast(background: AxeColour, foreground: AxeColour): number;
    };
  }
).color;
const colour = (hex: string, alpha = 1) => {
  const [red, green, blue] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
  return new Color(red, green, blue, alpha);
};
const axeCut = (foreground: AxeColour, background: AxeColour) => Math.floor(getContrast(background, foreground) * 100) / 100;

const ACCENTS = ['#f5b83d', '#3b82f6', '#60a5fa', '#4ade80', '#e11d48', '#a78bfa', '#ffffff'];

describe('the accent check measures what axe measures', () => {
  it.each(ACCENTS)('%s: every pair, tints flattened the way axe flattens them', (accent) => {
    for (const { colour: surface } of ACCENT_SURFACES) {
      const flat = flattenColors(colour(accent, ACCENT_SOFT_ALPHA), colour(surface));
      expect(blend(accent, ACCENT_SOFT_ALPHA, surface)).toBe(flat.toHexString());
    }
    for (const pair of accentPairs(accent)) {
      expect(axeRatio(pair), pair.where).toBe(axeCut(colour(pair.foreground), colour(pair.background)));
    }
  });

  it('refuses #3b82f6, which axe flags on the genre badges of a card (4.3:1), and names where', () => {
    const badge = flattenColors(colour('#3b82f6', ACCENT_SOFT_ALPHA), colour('#15151c'));
    expect(axeCut(colour('#3b82f6'), badge)).toBe(4.3);
    expect(weakestAccentPair('#3b82f6')).toMatchObject({ where: 'Badges and callouts on raised cards', ratio: 3.98, needs: 4.5 });
    const refused = brandSchema.safeParse({ accentColor: '#3b82f6' });
    expect(refused.error?.issues[0]?.message).toMatch(/badges and callouts on raised cards would be 3\.98:1, at least 4\.5:1/);
  });

  it('takes a lighter blue whose every pair axe would pass, and the shipped amber', () => {
    for (const accent of ['#60a5fa', '#f5b83d']) {
      expect(brandSchema.safeParse({ accentColor: accent }).success, accent).toBe(true);
      for (const pair of accentPairs(accent)) expect(axeRatio(pair), `${accent}: ${pair.where}`).toBeGreaterThanOrEqual(pair.needs);
    }
  });
});
