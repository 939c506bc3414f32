/**
 * Facts about the studio shown on many pages. The studio's identity lives in common/studio.ts (the
 * server's e-mails use it too); the public e-mail reaches pages via the root loader.
 */
export { DEFAULT_STUDIO_EMAIL, STUDIO_LOCATION, STUDIO_NAME, STUDIO_SHORT_NAME } from '#common/studio.ts';

/** Two readings of the opening hours came with the brief; each page shows its own until the studio confirms one. */
export const HOURS_FOOTER = 'Mon-Fri 9AM-7PM EST';
export const HOURS_CONTACT_PAGE = 'Monday-Sunday 9:00 AM-7:00 PM EST';

export const COPYRIGHT_YEAR = 2025;
export const RESPONSE_PROMISE_HOURS = 24;

export const SITE_KEYWORDS = [
  'audio mastering',
  'mixing and mastering',
  'vocal production',
  'Atlanta recording studio',
  'online mastering',
  'radio-ready mix',
];

/**
 * Social profiles shown in the footer. The brief only had placeholders, and a link to nowhere helps
 * nobody, so the footer shows each one only once the studio fills in its address here.
 */
export const SOCIAL_LINKS: Array<{ label: string; href: string }> = [];
