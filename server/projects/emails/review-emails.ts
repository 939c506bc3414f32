import { can } from '#common/collaborators.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { addresseeOf, greetingOf, reportedSince, reviewPath, type EmailContext } from './email-parts.ts';

/**
 * The versions this e-mail may still announce, as they are when it is sent: uploaded since the last
 * one to this person, still there, the newest of their track, and still waiting for a decision. A
 * version approved (or sent back) before the batch went out, or superseded by a newer one, is not news.
 */
async function versionsStillReady(context: EmailContext) {
  const { db, project } = context;
  const since = await reportedSince(context);
  return db
    .selectFrom('trackVersions')
    .innerJoin('projectTracks', 'projectTracks.id', 'trackVersions.trackId')
    .select(['trackVersions.number', 'projectTracks.title', 'projectTracks.id as trackId'])
    .where('trackVersions.projectId', '=', project.id)
    .where('trackVersions.createdAt', '>', since)
    .where('trackVersions.removedAt', 'is', null)
    .where('projectTracks.state', '=', 'in_review')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('trackVersions as newer')
            .select('newer.id')
            .whereRef('newer.trackId', '=', 'trackVersions.trackId')
            .whereRef('newer.number', '>', 'trackVersions.number'),
        ),
      ),
    )
    .orderBy('trackVersions.id')
    .execute();
}

/** To each person who can listen (the client, every collaborator): new versions to listen to (batched). */
export async function versionReadyEmail(context: EmailContext): Promise<MailMessage | null> {
  const { project, studio, publicUrl } = context;
  if (!can(await context.access(), 'listen')) return null;
  const versions = await versionsStillReady(context);
  if (versions.length === 0 || !(await context.hasAccess())) return null;
  const link = await context.clientLink();
  return {
    to: addresseeOf(context),
    replyTo: studio.inbox,
    subject: `${studio.name}: ${versions.length === 1 ? 'a new mix is' : `${versions.length} new mixes are`} ready for your review`,
    text: [
      greetingOf(context),
      '',
      `Ready to listen to in "${project.title}":`,
      '',
      ...versions.map((v) => `  - ${v.title}, version ${v.number}: ${reviewPath(publicUrl, 'portal', project.id, v.trackId, v.number)}`),
      '',
      `Sign in first if you are not signed in: ${link}`,
      '(The sign-in link works once and for 7 days.)',
      ...context.signature,
    ].join('\n'),
  };
}
