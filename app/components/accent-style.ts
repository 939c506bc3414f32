import type { CSSProperties } from 'react';
import { DEFAULT_BRAND } from '#common/site-content/defaults.ts';
import { ACCENT_SOFT_ALPHA, accentStrong } from '#common/site-content/contrast.ts';

/**
 * The owner's accent colour over the stylesheet's, as custom properties on <html> (the brand schema
 * has checked its contrast). Nothing for the shipped colour, so those pages stay as built.
 */
export function accentStyle(accent: string | undefined): CSSProperties | undefined {
  if (!accent || accent === DEFAULT_BRAND.accentColor) return undefined;
  // The same mixes the contrast check measures (contrast.ts), as plain colours a canvas can paint too.
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(accent.slice(start, start + 2), 16));
  return {
    '--color-accent': accent,
    '--color-accent-strong': accentStrong(accent),
    '--color-accent-soft': `rgb(${r} ${g} ${b} / ${ACCENT_SOFT_ALPHA})`,
  } as CSSProperties;
}
