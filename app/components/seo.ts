import type { MetaDescriptor } from 'react-router';
import { faviconUrl } from '#common/site-content/favicon.ts';
import { groupOpeningDays, imageUrl, locationLabel } from '#common/site-content/format.ts';
import { WEEKDAY_NAMES } from '#common/site-content/weekdays.ts';
import type { SiteEssentials } from '#common/site-content/sections.ts';
import type { Studio } from '#common/site-content/studio.ts';
import type { ImageRef } from '#common/site-content/image.ts';
import { SHARE_IMAGE_SIZE, shareSlug, shareTag } from '#common/share-pages.ts';
import { ROOT_ROUTE_ID } from '#app/lib/root-data.ts';

export interface PageSeo {
  title: string;
  description: string;
  /** Canonical path of the page; omitted for pages that must not be indexed under another URL (404). */
  path?: string;
  /**
   * What this page is about, in a searcher's words. A function gets the owner's studio, so a page
   * can name the studio's city. Left out (pages not to be indexed) means no keywords tag at all.
   */
  keywords?: string[] | ((studio: Studio) => string[]);
  noindex?: boolean;
}

/** What the meta tags need from the root loader: the public URL and the owner's studio facts. */
export interface RootSeoData {
  publicUrl: string;
  site: SiteEssentials;
}

interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/** The page's share image (made on the server from the studio's name and the page's title), tagged by what it says. */
export function shareImageUrl(
  publicUrl: string,
  path: string | undefined,
  studio: Studio | undefined,
  title: string,
  logo: Pick<ImageRef, 'id'> | null = null,
): string {
  const tag = studio ? `?v=${shareTag(`${studio.name}|${locationLabel(studio.location)}|${title}${logo ? `|${logo.id}` : ''}`)}` : '';
  return `${publicUrl}/og/${shareSlug(path)}.png${tag}`;
}

/** Root loader data as seen from any route's meta function (absent only on the root error page). */
export function rootSeoData(args: MetaArgsLike): RootSeoData | null {
  return (args.matches.find((match) => match?.id === ROOT_ROUTE_ID)?.loaderData as RootSeoData | undefined) ?? null;
}

/** The owner's essentials for a route's meta function (null only on the root error page). */
export function siteFromMeta(args: MetaArgsLike): SiteEssentials | null {
  return rootSeoData(args)?.site ?? null;
}

/** The page's own keywords, trimmed, without blanks or repeats; none when the page names none. */
export function pageKeywords(page: Pick<PageSeo, 'keywords'>, studio: Studio): string[] {
  const keywords = typeof page.keywords === 'function' ? page.keywords(studio) : (page.keywords ?? []);
  return [...new Set(keywords.map((keyword) => keyword.trim()).filter(Boolean))];
}

/** The studio as schema.org reads it (a LocalBusiness): contact points, address, profiles elsewhere and opening hours. */
export function organizationJsonLd(
  publicUrl: string,
  studio: Studio,
  logo: Pick<ImageRef, 'id' | 'widths'> | null = null,
  favicon: Pick<ImageRef, 'id'> | null = null,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: studio.name,
    url: `${publicUrl}/`,
    // The owner's logo: its largest WebP rendition (search engines read WebP; it keeps the transparency);
    // else the owner's favicon at 512 px, and the built-in mark only when the brand has neither.
    logo: logo
      ? `${publicUrl}${imageUrl(logo.id, Math.max(...logo.widths), 'webp')}`
      : `${publicUrl}${favicon ? faviconUrl(favicon.id, 'icon-512.png') : '/favicon.svg'}`,
    image: `${publicUrl}/og/home.png`,
    email: studio.email,
    ...(studio.phone ? { telephone: studio.phone } : {}),
    description: studio.tagline,
    address: {
      '@type': 'PostalAddress',
      ...(studio.streetAddress ? { streetAddress: studio.streetAddress } : {}),
      ...(studio.postalCode ? { postalCode: studio.postalCode } : {}),
      addressLocality: studio.location.city,
      addressRegion: studio.location.region,
      addressCountry: studio.location.country,
    },
    areaServed: 'Worldwide',
    ...(studio.social.length > 0 ? { sameAs: studio.social.map((profile) => profile.url) } : {}),
    openingHoursSpecification: groupOpeningDays(studio.hours).map(({ days, opens, closes }) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: days.map((day) => WEEKDAY_NAMES[day]),
      opens,
      closes,
    })),
  };
}

/**
 * Every tag a crawler or link unfurler reads, rendered on the server: title, description, the page's keywords,
 * Open Graph, Twitter card, canonical link and the organization's structured data.
 */
export function seo(args: MetaArgsLike, page: PageSeo): MetaDescriptor[] {
  const root = rootSeoData(args);
  const publicUrl = root?.publicUrl ?? '';
  const studio = root?.site.studio;
  const title = !studio || page.title.includes(studio.name) ? page.title : `${page.title} | ${studio.name}`;
  const url = page.path !== undefined ? `${publicUrl}${page.path}` : undefined;
  const logo = root?.site.brand.logo ?? null;
  const favicon = root?.site.brand.favicon ?? null;
  const image = shareImageUrl(publicUrl, page.path, studio, page.title, logo);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(SHARE_IMAGE_SIZE.width) },
    { property: 'og:image:height', content: String(SHARE_IMAGE_SIZE.height) },
    { property: 'og:locale', content: 'en_US' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
  ];
  if (studio) {
    const alt = `${studio.name}: professional mixing and mastering in ${locationLabel(studio.location)}`;
    const keywords = pageKeywords(page, studio);
    if (keywords.length > 0) tags.push({ name: 'keywords', content: keywords.join(', ') });
    tags.push(
      { property: 'og:site_name', content: studio.name },
      { property: 'og:image:alt', content: alt },
      { name: 'twitter:image:alt', content: alt },
      { 'script:ld+json': organizationJsonLd(publicUrl, studio, logo, favicon) },
    );
  }
  if (url) {
    tags.push({ property: 'og:url', content: url }, { tagName: 'link', rel: 'canonical', href: url });
  }
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex, nofollow' });
  return tags;
}
