import type { MailMessage } from '#server/email/mailer.ts';
import { can } from '#common/collaborators.ts';
import { addresseeOf, fileLines, greetingOf, plural, reportedSince, studioNoticeSince, type EmailContext } from './email-parts.ts';

/** Files of one side added after the last e-mail of this kind to its addressee went out: what this e-mail reports. */
async function filesSinceLastEmail(context: EmailContext, side: 'client' | 'studio') {
  const since = side === 'client' ? await studioNoticeSince(context) : await reportedSince(context);
  let query = context.db
    .selectFrom('projectFiles')
    .select(['name', 'size'])
    .where('projectId', '=', context.project.id)
    .where('side', '=', side)
    // A file removed before the e-mail went out is no news any more.
    .where('removedAt', 'is', null);
  if (since) query = query.where('createdAt', '>', since);
  return query.orderBy('id').execute();
}

/** To the studio: the client uploaded files (batched). */
export async function filesReceivedEmail(context: EmailContext): Promise<MailMessage | null> {
  const { project, studio, publicUrl } = context;
  const files = await filesSinceLastEmail(context, 'client');
  if (files.length === 0) return null;
  return {
    to: studio.inbox,
    subject: `${project.clientName} sent ${plural(files.length, 'file', 'files')} for "${project.title}"`,
    text: [
      `${project.clientName} (${project.clientEmail}) uploaded to "${project.title}":`,
      '',
      ...fileLines(files),
      '',
      `Open the project: ${publicUrl}/manage/projects/${project.id}`,
    ].join('\n'),
  };
}

/** To everyone who may download the deliveries (the client, the approvers): the studio delivered files (batched). */
export async function deliveryReadyEmail(context: EmailContext): Promise<MailMessage | null> {
  const { project, studio } = context;
  if (!can(await context.access(), 'downloadDeliveries')) return null;
  const files = await filesSinceLastEmail(context, 'studio');
  if (files.length === 0 || !(await context.hasAccess())) return null;
  // Held masters are not "ready": billing tells the client once the lock opens ("your files are ready", decision 103).
  if (await context.deliveriesHeld()) return null;
  return {
    to: addresseeOf(context),
    replyTo: studio.inbox,
    subject: `${studio.name}: ${context.recipient ? 'the' : 'your'} delivery for "${project.title}" is ready`,
    text: [
      greetingOf(context),
      '',
      `New files are ready for "${project.title}":`,
      '',
      ...fileLines(files),
      '',
      `Download them: ${await context.clientLink()}`,
      '(The link signs you in; it works once and for 7 days.)',
      ...context.signature,
    ].join('\n'),
  };
}
