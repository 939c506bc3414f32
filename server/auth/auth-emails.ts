import type { MailMessage } from '#server/email/mailer.ts';

/** Where the e-mails come from, as the owner reads it: the studio's name (from the site content) and the site's host. */
export interface MailSite {
  publicUrl: string;
  studioName: string;
}

/** The site as the e-mails name it, with the studio's name as the owner set it now. */
export async function mailSite(publicUrl: string, studioIdentity: () => Promise<{ name: string }>): Promise<MailSite> {
  return { publicUrl, studioName: (await studioIdentity()).name };
}

const siteName = ({ publicUrl, studioName }: MailSite) => `${studioName} (${new URL(publicUrl).host})`;

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/manage/reset-password?token=${encodeURIComponent(token)}`;
}

export function passwordResetEmail(to: string, username: string, link: string, site: MailSite): MailMessage {
  return {
    to,
    subject: 'Reset your admin password',
    text: [
      `Someone asked to reset the password of the admin account "${username}" on ${siteName(site)}.`,
      '',
      'To choose a new password, open this link within 1 hour (it works once):',
      link,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function passwordChangedEmail(to: string, username: string, site: MailSite): MailMessage {
  return {
    to,
    subject: 'Your admin password was changed',
    text: [
      `The password of the admin account "${username}" on ${siteName(site)} was just changed, and every`,
      'other signed-in session of that account was ended.',
      '',
      'If this was not you, reset the password now and check who has access:',
      `${site.publicUrl}/manage`,
    ].join('\n'),
  };
}

/** Sent to the address an account had, so a change the owner did not make does not go unnoticed. */
export function emailChangedEmail(to: string, username: string, newEmail: string, site: MailSite): MailMessage {
  return {
    to,
    subject: 'Your admin e-mail address was changed',
    text: [
      `The e-mail address of the admin account "${username}" on ${siteName(site)} was just changed to ${newEmail}.`,
      'Password reset links go to the new address from now on; links sent to this one no longer work.',
      '',
      'If this was not you, log in and check the account, or ask whoever runs the server to run',
      `\`npm run admin -- set-email ${username} <your address>\`:`,
      `${site.publicUrl}/manage`,
    ].join('\n'),
  };
}
