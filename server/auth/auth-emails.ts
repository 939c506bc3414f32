import { formatStudioTime } from '#common/studio-time.ts';
import type { MailingServices } from '#server/core-services.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { runInBackground } from './background.ts';

/**
 * Where the e-mails come from, as the owner reads it: the studio's name (from the site content) and
 * the site's host; times are written in the studio's time zone.
 */
export interface MailSite {
  publicUrl: string;
  studioName: string;
  timeZone: string;
}

/** The site as the e-mails name it, with the studio's name and time zone as the owner set them now. */
export async function mailSite(publicUrl: string, studioIdentity: () => Promise<{ name: string; timeZone: string }>): Promise<MailSite> {
  const studio = await studioIdentity();
  return { publicUrl, studioName: studio.name, timeZone: studio.timeZone };
}

/**
 * Sends an account e-mail after the answer, once the change it reports is committed: a mail fault is
 * logged (the label, never the message) and never undoes or delays the change.
 */
export function mailInBackground(
  { mailer, logger, config, studioIdentity }: MailingServices,
  label: string,
  message: (site: MailSite) => MailMessage,
): void {
  runInBackground(logger, label, async () => mailer.send(message(await mailSite(config.PUBLIC_URL, studioIdentity))));
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

// Security notices: each tells the owner what changed, when, and what to do if it was not them.

const signInPage = (site: MailSite) => `${site.publicUrl}/manage`;

export function twoFactorOnEmail(to: string, username: string, at: Date, site: MailSite): MailMessage {
  return {
    to,
    subject: 'Two-factor authentication was turned on',
    text: [
      `Two-factor authentication was turned on for the admin account "${username}" on ${siteName(site)}`,
      `on ${formatStudioTime(at.toISOString(), site.timeZone)}. Signing in now takes the password and a code from`,
      'the authenticator app (or one of the recovery codes shown at setup).',
      '',
      'If this was not you, someone has your password: reset it from the login page now, and ask whoever',
      `runs the server to run \`npm run admin -- reset-2fa ${username}\` so that you can enrol your own app:`,
      signInPage(site),
    ].join('\n'),
  };
}

export function twoFactorOffEmail(to: string, username: string, at: Date, site: MailSite): MailMessage {
  return {
    to,
    subject: 'Two-factor authentication was turned off',
    text: [
      `Two-factor authentication was turned off for the admin account "${username}" on ${siteName(site)}`,
      `on ${formatStudioTime(at.toISOString(), site.timeZone)}. Signing in now takes the password alone, and the`,
      'old recovery codes no longer work.',
      '',
      'If this was not you, reset your password from the login page now, then turn two-factor',
      'authentication on again from the account menu:',
      signInPage(site),
    ].join('\n'),
  };
}

export function recoveryCodeUsedEmail(to: string, username: string, at: Date, codesLeft: number, site: MailSite): MailMessage {
  const left =
    codesLeft === 0
      ? 'No recovery codes are left: turn two-factor authentication off and on again from the account menu to get ten new ones.'
      : `${codesLeft} recovery ${codesLeft === 1 ? 'code is' : 'codes are'} left. To get ten new ones, ` +
        'turn two-factor authentication off and on again from the account menu.';
  return {
    to,
    subject: 'A recovery code was used to sign in',
    text: [
      `A recovery code was used instead of the authenticator app to sign in to the admin account "${username}"`,
      `on ${siteName(site)} on ${formatStudioTime(at.toISOString(), site.timeZone)}. Each code works once.`,
      left,
      '',
      'If this was not you, someone has your password and one of your recovery codes: reset your password',
      'from the login page now, and ask whoever runs the server to run',
      `\`npm run admin -- reset-2fa ${username}\`, then enrol again to replace every code:`,
      signInPage(site),
    ].join('\n'),
  };
}
