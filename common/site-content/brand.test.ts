import { describe, expect, it } from 'vitest';
import { brandSchema } from './brand.ts';
import { contrastRatio, weakestAccentPair } from './contrast.ts';
import { DEFAULT_BRAND } from './defaults.ts';

describe('the accent colour', () => {
  it('measures contrast the WCAG way', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(weakestAccentPair(DEFAULT_BRAND.accentColor).ratio).toBeGreaterThan(7);
  });

  it('takes a readable colour in any case and refuses one too dark for the dark pages, or not a colour', () => {
    expect(brandSchema.parse({ accentColor: ' #4ADE80 ' })).toEqual({ accentColor: '#4ade80', logo: null, favicon: null });
    for (const accentColor of ['#1d4ed8', '#800000', 'red', '#fff', '#f5b83d\u0000', 42]) {
      expect(brandSchema.safeParse({ accentColor }).success, String(accentColor)).toBe(false);
    }
  });
});

describe('the favicon', () => {
  const image = (width: number, height: number) => ({
    id: '3f0c2a52-8d7e-4b1c-9a3e-5f6d7e8f9a0b',
    alt: '',
    width,
    height,
    widths: [320],
  });

  it('takes a square image of at least 512 px and refuses a non-square or small one with a message on the field', () => {
    expect(brandSchema.safeParse({ ...DEFAULT_BRAND, favicon: image(512, 512) }).success).toBe(true);
    const oblong = brandSchema.safeParse({ ...DEFAULT_BRAND, favicon: image(800, 600) });
    expect(oblong.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['favicon', 'The favicon must be square: this image is 800 × 600 px. Crop it to a square and upload it again.'],
    ]);
    expect(brandSchema.safeParse({ ...DEFAULT_BRAND, favicon: image(256, 256) }).error?.issues[0]?.message).toMatch(/at least 512 × 512/);
  });

  it('reads a version saved before logos and favicons as having neither', () => {
    expect(brandSchema.parse({ accentColor: '#f5b83d' })).toEqual(DEFAULT_BRAND);
  });
});
