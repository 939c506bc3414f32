import type { MailMessage } from '#server/email/mailer.ts';

/** The two links of the list (decision 118): each a page of the site, each holding its token. */
export const newsletterLinks = (publicUrl: string, confirmToken: string | null, unsubscribeToken: string) => ({
  confirm: confirmToken === null ? null : `${publicUrl}/newsletter/confirm/${confirmToken}`,
  unsubscribe: `${publicUrl}/newsletter/unsubscribe/${unsubscribeToken}`,
});

/**
 * The double opt-in's e-mail: nothing of what the visitor typed but the address it goes to, the
 * link that confirms, and (as in every later e-mail) the one-click way out, in the text and as
 * RFC 8058's headers.
 */
export function composeConfirmation(
  to: string,
  studioName: string,
  publicUrl: string,
  confirmToken: string,
  unsubscribeToken: string,
): MailMessage {
  const links = newsletterLinks(publicUrl, confirmToken, unsubscribeToken);
  return {
    to,
    subject: `Confirm your sign-up: ${studioName}`,
    text: [
      `Someone, hopefully you, asked for ${studioName}'s news at this address.`,
      '',
      `Confirm it here: ${links.confirm}`,
      '',
      'If it was not you, do nothing: without the confirmation this address gets no more e-mail from the list.',
      '',
      `Leave the list: ${links.unsubscribe}`,
    ].join('\n'),
    headers: { 'List-Unsubscribe': `<${links.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
