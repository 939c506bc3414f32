import type { MailMessage } from '#server/email/mailer.ts';
import { formatStudioTime } from '#common/studio-time.ts';
import type { ContactSubmissionView } from './submissions.ts';

/** Visitor text goes into a header: no line breaks or control characters, and a sane length. */
function headerSafe(value: string, max = 80): string {
  const flat = value.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The e-mail the owner gets for each submission. Reply-To is the visitor, so answering the e-mail
 * answers the visitor.
 */
export function composeOwnerNotice(
  submission: Omit<ContactSubmissionView, 'readAt'>,
  options: { to: string; publicUrl: string; studioName: string; timeZone: string },
): MailMessage {
  const text = [
    `New message from the contact form on ${options.studioName}.`,
    '',
    `Name:     ${submission.name}`,
    `Email:    ${submission.email}`,
    `Phone:    ${submission.phone ?? '(not given)'}`,
    `Received: ${formatStudioTime(submission.createdAt, options.timeZone)}`,
    '',
    'Message:',
    submission.message,
    '',
    `Reply to this e-mail to answer ${submission.name}. All submissions: ${options.publicUrl}/manage`,
  ].join('\n');
  return {
    to: options.to,
    subject: `New consultation request from ${headerSafe(submission.name)}`,
    text,
    replyTo: submission.email,
  };
}
