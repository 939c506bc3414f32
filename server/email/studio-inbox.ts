import { DEFAULT_STUDIO_EMAIL } from '#common/site-content/defaults.ts';

/**
 * The one address every studio notice goes to (contact messages, bookings, projects, invoices) and
 * that replies to the studio's mail reach: the Site e-mail the owner set under Site. STUDIO_EMAIL is
 * only its first default: while the Site e-mail is still the shipped demo address (the owner has not
 * set theirs yet), notices go to STUDIO_EMAIL instead of to the demo studio. Once the owner saves
 * their own address, it wins everywhere, and changing it under Site moves every notice at once.
 */
export function studioInbox(studioEmailSetting: string | undefined, siteEmail: string): string {
  const unset = siteEmail.trim() === '' || siteEmail.trim().toLowerCase() === DEFAULT_STUDIO_EMAIL;
  return unset && studioEmailSetting ? studioEmailSetting : siteEmail;
}
