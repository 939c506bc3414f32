/*
 * Each public page's share image (`og:image`) is made on the server from the studio's name and the
 * page's title: `/og/{slug}.png` (server/site-content/share-image.ts). The slug is the page's path;
 * the home page's title is its hero headline, any other page without its own card gets the studio's.
 */

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** What each page's card says under the studio's name; a service's page (`services-{slug}`) says the service's name. */
export const SHARE_PAGE_TITLES: Readonly<Record<string, string>> = {
  services: 'Our Services',
  process: 'Our Process',
  samples: 'Samples',
  about: 'About the Studio',
  contact: 'Free Consultation',
  book: 'Book a Free Consultation',
  'privacy-policy': 'Privacy Policy',
  'terms-of-service': 'Terms of Service',
};

/** "/services/mixing-mastering" is "services-mixing-mastering"; "/" is "home"; no path (a 404) is "studio". */
export function shareSlug(path: string | undefined): string {
  if (path === undefined) return 'studio';
  const slug = path.replace(/^\/+|\/+$/g, '').replace(/\//g, '-');
  return slug === '' ? 'home' : slug;
}

/** A short, stable tag of what a card shows, added to its URL so link previews fetch a new card after a rename. */
export function shareTag(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(36);
}
