/**
 * The icon files made from the owner's favicon (docs/decisions/075-logo-and-favicon.md), named as
 * the built-in ones in public/ are, so the same names can answer either.
 */
export const FAVICON_FILES = [
  'favicon.ico',
  'icon-32.png',
  'apple-touch-icon.png',
  'icon-192.png',
  'icon-512.png',
  'icon-maskable-192.png',
  'icon-maskable-512.png',
] as const;
export type FaviconFile = (typeof FAVICON_FILES)[number];

export function isFaviconFile(name: string): name is FaviconFile {
  return (FAVICON_FILES as readonly string[]).includes(name);
}

/**
 * Where an uploaded favicon's file is served for ever: the image's id is new with every upload, so
 * the URL changes when the icon does (browsers keep favicons very long) and may be cached a year.
 */
export function faviconUrl(imageId: string, file: FaviconFile): string {
  return `/media/icons/${imageId}/${file}`;
}

/** The page background, and the browser's tint and the colour behind maskable icons. */
export const THEME_COLOUR = '#0b0b10';
