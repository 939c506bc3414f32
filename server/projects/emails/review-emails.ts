import { commentAuthorName } from '#common/review-links.ts';
import { formatSpan } from '#common/format-time.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { lastSent, plural, reviewPath, type EmailContext } from './email-parts.ts';

/** To the client: new versions to listen to (batched). */
export async function versionReadyEmail(context: EmailContext): Promise<MailMessage | null> {
  const { db, project, studio, publicUrl } = context;
  const since = await lastSent(context);
  let query = db
    .selectFrom('trackVersions')
    .innerJoin('projectTracks', 'projectTracks.id', 'trackVersions.trackId')
    .select(['trackVersions.number', 'projectTracks.title', 'projectTracks.id as trackId', 'trackVersions.id as versionId'])
    .where('trackVersions.projectId', '=', project.id);
  if (since) query = query.where('trackVersions.createdAt', '>', since);
  const versions = await query.orderBy('trackVersions.id').execute();
  if (versions.length === 0 || !(await context.hasAccess())) return null;
  const link = await context.clientLink();
  return {
    to: project.clientEmail,
    replyTo: studio.inbox,
    subject: `${studio.name}: ${versions.length === 1 ? 'a new mix is' : `${versions.length} new mixes are`} ready for your review`,
    text: [
      `Hi ${project.clientName},`,
      '',
      `Ready to listen to in "${project.title}":`,
      '',
      ...versions.map((v) => `  - ${v.title}, version ${v.number}: ${reviewPath(publicUrl, 'portal', project.id, v.trackId, v.versionId)}`),
      '',
      `Sign in first if you are not signed in: ${link}`,
      '(The sign-in link works once and for 7 days.)',
      ...context.signature,
    ].join('\n'),
  };
}

/** Comments one side wrote since the last such e-mail, each with a link to its moment for the other side. */
async function newComments(
  context: EmailContext,
  fromSide: 'client' | 'studio',
): Promise<{ count: number; lines: string[]; authors: string[] }> {
  const { db, project, studio, publicUrl } = context;
  const since = await lastSent(context);
  let query = db
    .selectFrom('versionComments')
    .innerJoin('trackVersions', 'trackVersions.id', 'versionComments.versionId')
    .innerJoin('projectTracks', 'projectTracks.id', 'trackVersions.trackId')
    .select([
      'versionComments.atSeconds',
      'versionComments.endSeconds',
      'versionComments.authorKey',
      'versionComments.body',
      'versionComments.authorName',
      'versionComments.parentId',
      'trackVersions.number',
      'trackVersions.id as versionId',
      'projectTracks.id as trackId',
      'projectTracks.title',
    ])
    .where('trackVersions.projectId', '=', project.id)
    .where('versionComments.authorSide', '=', fromSide)
    .where('versionComments.deletedAt', 'is', null);
  if (since) query = query.where('versionComments.createdAt', '>', since);
  const comments = await query.orderBy('versionComments.id').execute();
  const area = fromSide === 'studio' ? 'portal' : 'manage';
  const fallbackName = fromSide === 'studio' ? studio.name : project.clientName;
  const owners = await ownerNames(
    context,
    comments.map((c) => c.authorKey),
  );
  const authorOf = (c: (typeof comments)[number]) =>
    owners.get(c.authorKey) ?? commentAuthorName(c.authorKey, c.authorName) ?? fallbackName;
  const lines = comments.flatMap((c) => [
    `  - ${c.title} v${c.number} at ${formatSpan(c.atSeconds, c.endSeconds)}${c.parentId ? ' (reply)' : ''}, ${authorOf(c)}:`,
    `    ${c.body.length > 300 ? `${c.body.slice(0, 299)}…` : c.body}`.replace(/\n/g, '\n    '),
    `    ${reviewPath(publicUrl, area, project.id, c.trackId, c.versionId, c.atSeconds)}`,
  ]);
  return { count: comments.length, lines, authors: [...new Set(comments.map(authorOf))] };
}

/**
 * The studio's people as they are named now (the admin profile's display name, else the username),
 * by comment author key (`admin:{id}`): a name set after the comment was written still signs it.
 */
async function ownerNames({ adminNames }: EmailContext, authorKeys: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(authorKeys.flatMap((key) => (/^admin:\d+$/.test(key) ? [Number(key.slice(6))] : [])))];
  if (ids.length === 0) return new Map();
  const names = await adminNames(ids);
  return new Map([...names].map(([id, name]) => [`admin:${id}`, name]));
}

/** To the studio: the client's new comments (batched). */
export async function commentsForStudioEmail(context: EmailContext): Promise<MailMessage | null> {
  const { project, studio } = context;
  const { count, lines, authors } = await newComments(context, 'client');
  if (count === 0) return null;
  // Collaborators (decision 081) sign with their address: the subject names whoever wrote.
  const who = authors.length === 1 ? authors[0]! : `${project.clientName} and the people on the project`;
  return {
    to: studio.inbox,
    subject: `${who} left ${plural(count, 'comment', 'comments')} on "${project.title}"`,
    text: [`New comments from ${project.clientName} (${project.clientEmail}) on "${project.title}":`, '', ...lines].join('\n'),
  };
}

/** To the client: the studio's new comments and replies (batched). */
export async function commentsForClientEmail(context: EmailContext): Promise<MailMessage | null> {
  const { project, studio } = context;
  const { count, lines, authors } = await newComments(context, 'studio');
  if (count === 0 || !(await context.hasAccess())) return null;
  return {
    to: project.clientEmail,
    replyTo: studio.inbox,
    subject: `${studio.name} replied on "${project.title}"`,
    text: [
      `Hi ${project.clientName},`,
      '',
      `New from ${studio.name} on "${project.title}":`,
      '',
      ...lines,
      '',
      `Sign in first if you are not signed in: ${await context.clientLink()}`,
      // Signed by whoever answered, as their profile names them, then the studio.
      '',
      authors.join(', '),
      ...context.signature.slice(1),
    ].join('\n'),
  };
}
