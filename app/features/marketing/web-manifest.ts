import type { Studio } from '#common/site-content/studio.ts';

/** The page background and the browser's tint (root.tsx's theme-color meta says the same). */
export const THEME_COLOUR = '#0b0b10';

/** The PNG icons scripts/build-icons.mjs renders into public/ from favicon.svg. */
export const MANIFEST_ICONS = [
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
] as const;

/** The web app manifest, named after the owner's studio (so a rename reaches a saved home-screen link's label). */
export function webManifest(studio: Pick<Studio, 'name' | 'shortName' | 'tagline'>) {
  return {
    id: '/',
    name: studio.name,
    short_name: studio.shortName,
    description: studio.tagline,
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'browser',
    theme_color: THEME_COLOUR,
    background_color: THEME_COLOUR,
    icons: MANIFEST_ICONS,
  };
}
