import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { SHARE_IMAGE_SIZE, SHARE_PAGE_TITLES } from '#common/share-pages.ts';
import type { SiteContent } from '#common/site-content/sections.ts';
import type { ImageRef } from '#common/site-content/image.ts';
import { fillTextTokens } from '#common/site-content/content-tokens.ts';
import { locationLabel } from '#common/site-content/format.ts';
import { tokenFactsOf, visibleServices } from '#common/site-content/service-rules.ts';
import type { InvalidationChannel } from '#server/db/invalidation-channel.ts';

/** What one card says. */
export interface ShareCardText {
  studioName: string;
  title: string;
  place: string;
  /** The studio's accent colour (`#rrggbb`, checked by the brand schema). */
  accent?: string;
  /** The owner's logo (brand section), drawn in the top right corner. */
  logo?: ImageRef | null;
}

/** Reads an uploaded image's pixels for the card (a WebP rendition), or null when it is gone. */
export type LogoReader = (image: ImageRef) => Promise<Buffer | null>;

/** The corner box the logo is fitted into (aspect kept), 80 px in from the top and the right edge. */
const LOGO_BOX = { width: 240, height: 120, inset: 80 } as const;

export interface ShareImage {
  png: Buffer;
  etag: string;
  text: ShareCardText;
}

const AMBER = '#f5b83d';
const FONT = 'DejaVu Sans, Liberation Sans, Inter, Arial, sans-serif';

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** Words wrapped into at most `lines` lines of about `width` characters; the last one cut with an ellipsis. */
export function wrapWords(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = out.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) out[out.length - 1] = `${last} ${word}`;
    else out.push(word.length > width ? `${word.slice(0, width - 1)}…` : word);
  }
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  kept[lines - 1] = `${kept[lines - 1]!.slice(0, width - 1)}…`;
  return kept;
}

/** The card as SVG: studio name, the page's title large, the place; text escaped, so any name is safe. */
export function shareCardSvg({ studioName, title, place, accent = AMBER, logo }: ShareCardText): string {
  const { width, height } = SHARE_IMAGE_SIZE;
  const titleLines = wrapWords(title, 22, 3)
    .map((line, index) => `<tspan x="80" dy="${index === 0 ? 0 : 84}">${escapeXml(line)}</tspan>`)
    .join('');
  // The logo's corner leaves the name's line shorter.
  const name = escapeXml(wrapWords(studioName, logo ? 30 : 44, 1)[0] ?? '');
  const where = escapeXml(wrapWords(place, 60, 1)[0] ?? '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#0b0b10"/>
  <circle cx="1060" cy="120" r="320" fill="${accent}" fill-opacity="0.08"/>
  <rect x="80" y="96" width="64" height="8" rx="4" fill="${accent}"/>
  <text x="80" y="172" font-family="${FONT}" font-size="40" font-weight="700" fill="${accent}">${name}</text>
  <text x="80" y="300" font-family="${FONT}" font-size="72" font-weight="700" fill="#f5f5f7">${titleLines}</text>
  <text x="80" y="560" font-family="${FONT}" font-size="30" fill="#b9b9c6">${where}</text>
</svg>`;
}

/** The card's text for a page slug from the content as it is now; null for a slug no page has. */
export function shareCardText(slug: string, content: SiteContent): ShareCardText | null {
  const { studio, hero } = content;
  const service = visibleServices(content.services).find((candidate) => `services-${candidate.slug}` === slug);
  const own = Object.hasOwn(SHARE_PAGE_TITLES, slug) ? SHARE_PAGE_TITLES[slug] : service?.name;
  const title = slug === 'home' ? fillTextTokens(hero.headline, tokenFactsOf(content)) : slug === 'studio' ? 'Mixing & Mastering' : own;
  if (title === undefined) return null;
  return {
    studioName: studio.name,
    title,
    place: [locationLabel(studio.location), studio.reach].filter(Boolean).join(' · '),
    accent: content.brand.accentColor,
    logo: content.brand.logo,
  };
}

/** PNG from the SVG; the words ride along as the image description, so tools can read what it says. */
export async function renderShareImage(text: ShareCardText, readLogo?: LogoReader): Promise<ShareImage> {
  const logo = text.logo && readLogo ? await readLogo(text.logo) : null;
  let card = sharp(Buffer.from(shareCardSvg(text)));
  if (logo) {
    const fitted = await sharp(logo).resize(LOGO_BOX.width, LOGO_BOX.height, { fit: 'inside' }).png().toBuffer({ resolveWithObject: true });
    const { width: shareWidth } = SHARE_IMAGE_SIZE;
    card = card.composite([{ input: fitted.data, top: LOGO_BOX.inset, left: shareWidth - LOGO_BOX.inset - fitted.info.width }]);
  }
  const png = await card
    .png({ compressionLevel: 9 })
    .withExif({ IFD0: { ImageDescription: `${text.studioName}: ${text.title}` } })
    .toBuffer();
  return { png, etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 32)}"`, text };
}

/**
 * The share images, made once per page and content version: kept in memory until the next change
 * on any instance (the invalidation channel), so a rename shows on the next request.
 */
export function createShareImages({
  content,
  invalidation,
  logo,
}: {
  content: () => Promise<SiteContent>;
  invalidation: InvalidationChannel;
  logo?: LogoReader;
}) {
  let made = new Map<string, Promise<ShareImage>>();
  invalidation.subscribe(() => {
    made = new Map();
  });
  return {
    async image(slug: string): Promise<ShareImage | null> {
      const cached = made.get(slug);
      if (cached) return cached;
      const text = shareCardText(slug, await content());
      if (!text) return null;
      const making = renderShareImage(text, logo);
      const store = made;
      store.set(slug, making);
      making.catch(() => store.delete(slug));
      return making;
    },
  };
}
export type ShareImages = ReturnType<typeof createShareImages>;
