import type { CollaboratorRole } from '#common/collaborators.ts';
import { RETENTION_DAYS } from '#common/projects.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { dayOf, filesExpireAt } from '#server/projects/retention-dates.ts';
import type { EmailContext } from './email-parts.ts';

/**
 * The way in: the client's first invitation to a project, or a sign-in link someone asked for (the
 * client, or a collaborator: then `recipient`, and the link goes to them).
 */
export async function accessEmail(context: EmailContext): Promise<MailMessage | null> {
  const { project, studio, publicUrl, kind, recipient } = context;
  if (!(await context.hasAccess())) return null;
  const link = await context.clientLink();
  const greeting = recipient ? 'Hi,' : `Hi ${project.clientName},`;
  const intro =
    kind === 'invite'
      ? [
          greeting,
          '',
          `${studio.name} has opened a project space for "${project.title}".`,
          'Upload your stems and references there, follow the work, and download your masters when they are ready.',
        ]
      : [greeting, '', `Here is your link to sign in to your projects with ${studio.name}.`];
  return {
    to: recipient ?? project.clientEmail,
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

/** What a collaborator's invitation says they may do there, by role. */
const ROLE_WORDS: Record<CollaboratorRole, string> = {
  approve: 'listen to the mixes, comment on them, approve them or ask for revisions, and download the deliveries',
  comment: 'listen to the mixes and comment on them',
  listen: 'listen to the mixes and read the comments',
};

/** Someone the client added to a project: who added them, what they may do, and their own sign-in link. */
export async function collaboratorInviteEmail(context: EmailContext): Promise<MailMessage | null> {
  const { db, project, studio, publicUrl, recipient } = context;
  if (!recipient) return null;
  const place = await db
    .selectFrom('projectCollaborators')
    .select('role')
    .where('projectId', '=', project.id)
    .where('email', '=', recipient)
    .where('removedAt', 'is', null)
    .executeTakeFirst();
  // Taken off the project (or the project closed) before this went out: nothing to invite to.
  if (!place || !(await context.hasAccess())) return null;
  return {
    to: recipient,
    replyTo: studio.inbox,
    subject: `${project.clientName} added you to "${project.title}" with ${studio.name}`,
    text: [
      'Hi,',
      '',
      `${project.clientName} added you to the project space for "${project.title}" with ${studio.name}.`,
      `There you can ${ROLE_WORDS[place.role]}.`,
      '',
      `Sign in: ${await context.clientLink()}`,
      '',
      'The link is yours alone: it works once and for 7 days. You can ask for a new one at any time:',
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
