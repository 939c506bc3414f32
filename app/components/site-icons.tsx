import { faviconUrl } from '#common/site-content/favicon.ts';
import type { ImageRef } from '#common/site-content/image.ts';

/**
 * The tab icon, iOS's home-screen icon and the manifest. Without an uploaded favicon: the files
 * scripts/build-icons.mjs made from public/favicon.svg (the ICO for browsers and tools that ask for
 * it by name, the SVG for the rest). With one: the set the server made from it (decision 075), at
 * URLs that change with the image, since browsers keep favicons long after they change.
 */
export function SiteIcons({ favicon }: { favicon: Pick<ImageRef, 'id'> | null | undefined }) {
  if (!favicon) {
    return (
      <>
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
      </>
    );
  }
  return (
    <>
      <link rel="icon" href={faviconUrl(favicon.id, 'favicon.ico')} sizes="16x16 32x32 48x48" />
      <link rel="icon" href={faviconUrl(favicon.id, 'icon-32.png')} type="image/png" sizes="32x32" />
      <link rel="icon" href={faviconUrl(favicon.id, 'icon-192.png')} type="image/png" sizes="192x192" />
      <link rel="apple-touch-icon" href={faviconUrl(favicon.id, 'apple-touch-icon.png')} />
      <link rel="manifest" href="/site.webmanifest" />
    </>
  );
}
