import { STAFF_INVITATION_HOURS } from '#common/staff.ts';
import { STAFF_ROLE_LABELS, STAFF_ROLE_SUMMARIES, type StaffRole } from '#common/staff-roles.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import type { MailSite } from './auth-emails.ts';

export function joinLink(publicUrl: string, token: string): string {
  return `${publicUrl}/manage/join/${encodeURIComponent(token)}`;
}

/** The invitation to join the studio's staff; the HTML part is made from this text (server/email/studio-sender.ts). */
export function staffInvitationEmail(
  invite: { to: string; name: string; role: StaffRole; invitedBy: string; link: string },
  site: MailSite,
): MailMessage {
  return {
    to: invite.to,
    subject: `Join ${site.studioName}’s admin`,
    text: [
      `Hello ${invite.name},`,
      '',
      `You are invited to the admin of ${site.studioName} (${new URL(site.publicUrl).host}) by ${invite.invitedBy},`,
      `as ${STAFF_ROLE_LABELS[invite.role].toLowerCase()}: ${STAFF_ROLE_SUMMARIES[invite.role]}`,
      '',
      `Choose your username and password within ${STAFF_INVITATION_HOURS} hours; the link works once.`,
      '',
      // A label and a link on one line: the HTML part makes it a button (server/email/html-layout.ts).
      `Join the admin: ${invite.link}`,
      '',
      'If you did not expect this, ignore this e-mail: nothing happens until the link is used.',
    ].join('\n'),
  };
}
