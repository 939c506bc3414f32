import { RETENTION_DAYS } from '#common/projects.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { dayOf, filesExpireAt } from '#server/projects/retention-dates.ts';
import type { EmailContext } from './email-parts.ts';

/** The client's way in: the first invitation to a project, or a sign-in link they asked for. */
export async function accessEmail(context: EmailContext): Promise<MailMessage | null> {
  const { project, studio, publicUrl, kind } = context;
  if (!(await context.hasAccess())) return null;
  const link = await context.clientLink();
  const intro =
    kind === 'invite'
      ? [
          `Hi ${project.clientName},`,
          '',
          `${studio.name} has opened a project space for "${project.title}".`,
          'Upload your stems and references there, follow the work, and download your masters when they are ready.',
        ]
      : [`Hi ${project.clientName},`, '', `Here is your link to sign in to your projects with ${studio.name}.`];
  return {
    to: project.clientEmail,
    replyTo: studio.inbox,
    subject: kind === 'invite' ? `${studio.name}: your project space for "${project.title}"` : `${studio.name}: your sign-in link`,
    text: [
      ...intro,
      '',
      `Sign in: ${link}`,
      '',
      'The link works once and for 7 days. You can ask for a new one at any time:',
      `${publicUrl}/portal`,
      ...context.signature,
    ].join('\n'),
  };
}

/** A week before a completed project's audio files are removed. */
export async function retentionWarningEmail(context: EmailContext): Promise<MailMessage | null> {
  const { project, studio } = context;
  const expires = filesExpireAt(project);
  if (!expires || !(await context.hasAccess())) return null;
  return {
    to: project.clientEmail,
    replyTo: studio.inbox,
    subject: `${studio.name}: the audio files of "${project.title}" will be removed on ${dayOf(expires)}`,
    text: [
      `Hi ${project.clientName},`,
      '',
      `As our policy says, the audio files of a completed project are kept for ${RETENTION_DAYS} days.`,
      `Those of "${project.title}" will be removed on ${dayOf(expires)}.`,
      'Download anything you still need before then; reply to this e-mail if you need more time.',
      '',
      `Your project: ${await context.clientLink()}`,
      ...context.signature,
    ].join('\n'),
  };
}
