import type { MetaDescriptor } from 'react-router';
import { SITE_KEYWORDS, STUDIO_LOCATION, STUDIO_NAME } from '#app/content/site.ts';

export interface PageSeo {
  title: string;
  description: string;
  /** Canonical path of the page; omitted for pages that must not be indexed under another URL (404). */
  path?: string;
  keywords?: string[];
  noindex?: boolean;
}

export interface RootSeoData {
  publicUrl: string;
  studioEmail: string;
}

interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

export const SHARE_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: `${STUDIO_NAME}: professional mixing and mastering in Atlanta, GA`,
};

/** Root loader data as seen from any route's meta function. */
export function rootSeoData(args: MetaArgsLike): RootSeoData {
  const root = args.matches.find((match) => match?.id === 'root')?.loaderData as RootSeoData | undefined;
  return root ?? { publicUrl: '', studioEmail: '' };
}

export function organizationJsonLd(publicUrl: string, email: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: STUDIO_NAME,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    image: `${publicUrl}${SHARE_IMAGE.path}`,
    email,
    description: 'Audio mixing, mastering and vocal production studio serving artists worldwide.',
    address: {
      '@type': 'PostalAddress',
      addressLocality: STUDIO_LOCATION.city,
      addressRegion: STUDIO_LOCATION.region,
      addressCountry: STUDIO_LOCATION.country,
    },
    areaServed: 'Worldwide',
  };
}

/**
 * Every tag a crawler or link unfurler reads, rendered on the server: title, description, keywords,
 * Open Graph, Twitter card, canonical link and the organization's structured data.
 */
export function seo(args: MetaArgsLike, page: PageSeo): MetaDescriptor[] {
  const { publicUrl, studioEmail } = rootSeoData(args);
  const title = page.title.includes(STUDIO_NAME) || page.title === '404 Page Not Found' ? page.title : `${page.title} | ${STUDIO_NAME}`;
  const url = page.path !== undefined ? `${publicUrl}${page.path}` : undefined;
  const image = `${publicUrl}${SHARE_IMAGE.path}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { name: 'keywords', content: (page.keywords ?? SITE_KEYWORDS).join(', ') },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: STUDIO_NAME },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
    { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
    { property: 'og:image:alt', content: SHARE_IMAGE.alt },
    { property: 'og:locale', content: 'en_US' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
    { 'script:ld+json': organizationJsonLd(publicUrl, studioEmail) },
  ];
  if (url) {
    tags.push({ property: 'og:url', content: url }, { tagName: 'link', rel: 'canonical', href: url });
  }
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex, nofollow' });
  return tags;
}
