import { imageUrl } from '#common/site-content/format.ts';
import type { ImageRef } from '#common/site-content/image.ts';
import { logoBox } from '#common/site-content/logo-box.ts';
import type { EmailLogo } from './html-layout.ts';

const PRIVATE_HOSTS = /^(localhost|.*\.(localhost|local|internal|lan|home|test|invalid|example)|\d{1,3}(\.\d{1,3}){3}|\[.*\])$/i;

/**
 * Whether a mail client out on the internet can fetch from this site: an https address with a
 * public name. A laptop's, a LAN's or a bare IP's address gives a broken image (or a warning), so
 * the header then says the studio's name in text.
 */
export function isPublicHttps(publicUrl: string): boolean {
  try {
    const url = new URL(publicUrl);
    return url.protocol === 'https:' && url.hostname.includes('.') && !PRIVATE_HOSTS.test(url.hostname);
  } catch {
    return false;
  }
}

/**
 * The owner's logo for the mail header: its JPEG rendition (every client shows JPEG; its transparent
 * parts were filled with the site's dark surface, the header band's colour), about twice as wide as
 * drawn for sharp screens. Null without a logo or without a public https address.
 */
export function emailLogo(publicUrl: string, logo: ImageRef | null): EmailLogo | null {
  if (!logo || !isPublicHttps(publicUrl)) return null;
  // The box the site's header draws it in (decision 075).
  const { width, height } = logoBox(logo);
  const sorted = [...logo.widths].sort((a, b) => a - b);
  const rendition = sorted.find((w) => w >= width * 2) ?? sorted.at(-1)!;
  return { url: `${publicUrl.replace(/\/+$/, '')}${imageUrl(logo.id, rendition, 'jpeg')}`, width, height };
}
