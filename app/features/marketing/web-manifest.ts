import type { Studio } from '#common/site-content/studio.ts';
import type { ImageRef } from '#common/site-content/image.ts';
import { THEME_COLOUR, faviconUrl } from '#common/site-content/favicon.ts';

/** The PNG icons scripts/build-icons.mjs renders into public/ from favicon.svg. */
export const MANIFEST_ICONS = [
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
] as const;

/** The icons made from the owner's favicon (decision 075): the same sizes, at URLs that change with the image. */
export function uploadedManifestIcons(favicon: Pick<ImageRef, 'id'>) {
  return [
    { src: faviconUrl(favicon.id, 'icon-192.png'), sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: faviconUrl(favicon.id, 'icon-512.png'), sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: faviconUrl(favicon.id, 'icon-maskable-192.png'), sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: faviconUrl(favicon.id, 'icon-maskable-512.png'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ];
}

/** The web app manifest, named after the owner's studio (so a rename reaches a saved home-screen link's label). */
export function webManifest(studio: Pick<Studio, 'name' | 'shortName' | 'tagline'>, favicon: Pick<ImageRef, 'id'> | null = null) {
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
    icons: favicon ? uploadedManifestIcons(favicon) : MANIFEST_ICONS,
  };
}
