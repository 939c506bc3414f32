// Plain code, no zod: the editor's live readout and the schema both use it.

/**
 * The surfaces the accent sits on or under (app.css: ink-deep, ink, surface, surface-raised): page,
 * sections, cards and raised cards.
 */
export const ACCENT_SURFACES = [
  { name: 'the footer', colour: '#07070a' },
  { name: 'the page', colour: '#0b0b10' },
  { name: 'cards', colour: '#15151c' },
  { name: 'raised cards', colour: '#1c1c25' },
] as const;
/** The page colour under the hero's glow, and the dark text on accent buttons. */
const INK = '#0b0b10';
/** WCAG 2.2 AA for normal text; 3:1 for parts of graphics (the waveform, the playhead: 1.4.11). */
export const AA_CONTRAST = 4.5;
export const GRAPHIC_CONTRAST = 3;

/** How strongly the accent is laid over a surface (app.css and accent-style.ts use the same numbers). */
export const ACCENT_SOFT_ALPHA = 0.12;
export const HERO_GLOW_ALPHA = 0.14;
/** accent-strong (hover, the playhead): the accent mixed with this much white. */
export const ACCENT_STRONG_WHITE = 0.18;

type Rgb = [number, number, number];

const rgbOf = (hex: string): Rgb => [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)) as Rgb;
const hexOf = (rgb: Rgb) => `#${rgb.map((value) => value.toString(16).padStart(2, '0')).join('')}`;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of `#rrggbb`. */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `colour` at `alpha` over an opaque `backdrop`, as a browser paints it and as axe flattens it
 * (sRGB channels mixed, rounded to whole values).
 */
export function blend(colour: string, alpha: number, backdrop: string): string {
  const [top, under] = [rgbOf(colour), rgbOf(backdrop)];
  return hexOf(top.map((value, index) => Math.round(alpha * value + (1 - alpha) * under[index]!)) as Rgb);
}

/** The lighter accent of hover states and the playhead: `color-mix(in srgb, accent 82%, white)`. */
export function accentStrong(accent: string): string {
  return blend('#ffffff', ACCENT_STRONG_WHITE, accent);
}

/** One place the accent meets another colour on the site, and the contrast it needs there. */
export interface AccentPair {
  /** Where, in the owner's words. */
  where: string;
  foreground: string;
  background: string;
  needs: number;
}

/**
 * Every real pair the accent is part of: accent text and links on each surface; badges, callouts and
 * stepper dots (accent text on the soft accent tint over each surface); the hero's line on its glow;
 * dark text on accent buttons and their hover; the played waveform and the playhead on the cards.
 */
export function accentPairs(accent: string): AccentPair[] {
  const strong = accentStrong(accent);
  return [
    ...ACCENT_SURFACES.flatMap(({ name, colour: surface }) => [
      { where: `Links and accent text on ${name}`, foreground: accent, background: surface, needs: AA_CONTRAST },
      { where: `Hovered accent text on ${name}`, foreground: strong, background: surface, needs: AA_CONTRAST },
      {
        where: `Badges and callouts on ${name}`,
        foreground: accent,
        background: blend(accent, ACCENT_SOFT_ALPHA, surface),
        needs: AA_CONTRAST,
      },
      { where: `Played waveform on ${name}`, foreground: accent, background: surface, needs: GRAPHIC_CONTRAST },
      { where: `Playhead on ${name}`, foreground: strong, background: surface, needs: GRAPHIC_CONTRAST },
    ]),
    { where: 'The hero line on its glow', foreground: accent, background: blend(accent, HERO_GLOW_ALPHA, INK), needs: AA_CONTRAST },
    { where: 'Button text', foreground: INK, background: accent, needs: AA_CONTRAST },
    { where: 'Hovered button text', foreground: INK, background: strong, needs: AA_CONTRAST },
  ];
}

/** What axe reports for a pair: the ratio cut (not rounded) to two decimals; it flags a text pair below 4.5 this way. */
export const axeRatio = (pair: Pick<AccentPair, 'foreground' | 'background'>) =>
  Math.floor(contrastRatio(pair.foreground, pair.background) * 100) / 100;

/** The pair furthest below what it needs (or nearest to it), with its ratio as axe reports it. */
export function weakestAccentPair(accent: string): AccentPair & { ratio: number } {
  const pairs = accentPairs(accent).map((pair) => ({ ...pair, ratio: axeRatio(pair) }));
  return pairs.reduce((worst, pair) => (pair.ratio / pair.needs < worst.ratio / worst.needs ? pair : worst));
}
