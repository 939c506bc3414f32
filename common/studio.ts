/**
 * Who the studio is: the facts both the pages and the server's e-mails need. Neither the name nor
 * the address came with the product brief; they are the studio's to confirm. STUDIO_EMAIL overrides
 * the public address per deployment.
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
