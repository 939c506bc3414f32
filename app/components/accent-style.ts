import type { CSSProperties } from 'react';
import { DEFAULT_BRAND } from '#common/site-content/defaults.ts';

/**
 * The owner's accent colour over the stylesheet's, as custom properties on <html> (the brand schema
 * has checked its contrast). Nothing for the shipped colour, so those pages stay as built.
 */
export function accentStyle(accent: string | undefined): CSSProperties | undefined {
  if (!accent || accent === DEFAULT_BRAND.accentColor) return undefined;
  return {
    '--color-accent': accent,
    '--color-accent-strong': `color-mix(in srgb, ${accent} 82%, white)`,
    '--color-accent-soft': `color-mix(in srgb, ${accent} 12%, transparent)`,
  } as CSSProperties;
}
