// Plain code, no zod: the editor's live readout and the schema both use it.

/** The darkest and lightest surfaces the accent sits on or under (app.css: ink, surface-raised). */
export const ACCENT_SURFACES = ['#0b0b10', '#1c1c25'] as const;
/** WCAG 2.2 AA for normal text. */
export const AA_CONTRAST = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of `#rrggbb`. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}

/** The WCAG contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The accent's weakest contrast on the site: as text on each surface, and under dark text on buttons. */
export function accentContrast(accent: string): number {
  return Math.min(...ACCENT_SURFACES.map((surface) => contrastRatio(accent, surface)));
}
