/**
 * Facts about the studio shown on many pages. This is the one place to change them.
 * The spec names neither the studio nor its address: both are the studio's to confirm.
 * The public e-mail can be set per deployment with STUDIO_EMAIL (it reaches pages via the root loader).
 */
export const STUDIO_NAME = 'ATL Audio Mastering';
export const STUDIO_SHORT_NAME = 'ATL Audio';
export const DEFAULT_STUDIO_EMAIL = 'contact@atlaudiomastering.com';

export const STUDIO_LOCATION = {
  city: 'Atlanta',
  region: 'GA',
  regionName: 'Georgia',
  country: 'US',
  label: 'Atlanta, GA',
} as const;

/**
 * The spec records two readings of the opening hours; each page shows its own.
 * The studio must confirm which is current.
 */
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
 * Social profiles shown in the footer. The spec only has placeholders, and a link to nowhere helps
 * nobody, so the footer shows each one only once the studio fills in its address here.
 */
export const SOCIAL_LINKS: Array<{ label: string; href: string }> = [];
