import { describe, expect, it } from 'vitest';
import { brandSchema } from './brand.ts';
import { accentContrast, contrastRatio } from './contrast.ts';
import { DEFAULT_BRAND } from './defaults.ts';

describe('the accent colour', () => {
  it('measures contrast the WCAG way', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(accentContrast(DEFAULT_BRAND.accentColor)).toBeGreaterThan(9);
  });

  it('takes a readable colour in any case and refuses one too dark for the dark pages, or not a colour', () => {
    expect(brandSchema.parse({ accentColor: ' #4ADE80 ' })).toEqual({ accentColor: '#4ade80' });
    for (const accentColor of ['#1d4ed8', '#800000', 'red', '#fff', '#f5b83d\u0000', 42]) {
      expect(brandSchema.safeParse({ accentColor }).success, String(accentColor)).toBe(false);
    }
  });
});
