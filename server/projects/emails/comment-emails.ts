import { can, COLLABORATOR_ROLE_LABELS } from '#common/collaborators.ts';
import { formatSpan } from '#common/format-time.ts';
import { commentAuthorName } from '#common/review-links.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { authorKindOf } from '#server/projects/review/review-views.ts';
import { addresseeOf, greetingOf, plural, reportedSince, reviewPath, studioNoticeSince, type EmailContext } from './email-parts.ts';

/** A comment as the e-mails read it. */
async function commentsSince(context: EmailContext, since: string | null) {
  let query = context.db
    .selectFrom('versionComments')
    .innerJoin('trackVersions', 'trackVersions.id', 'versionComments.versionId')
    .innerJoin('projectTracks', 'projectTracks.id', 'trackVersions.trackId')
    .select([
      'versionComments.id',
      'versionComments.atSeconds',
      'versionComments.endSeconds',
      'versionComments.authorKey',
      'versionComments.authorSide',
      'versionComments.authorRole',
      'versionComments.body',
      'versionComments.authorName',
      'versionComments.parentId',
      'trackVersions.number',
      'projectTracks.id as trackId',
      'projectTracks.title',
    ])
    .where('trackVersions.projectId', '=', context.project.id)
    .where('versionComments.deletedAt', 'is', null);
  if (since) query = query.where('versionComments.createdAt', '>', since);
  return query.orderBy('versionComments.id').execute();
}

type EmailedComment = Awaited<ReturnType<typeof commentsSince>>[number];

/**
 * Who wrote a comment, and how they are on the project (issue 41): the studio's people by their names
 * now (auth answers, by `admin:{id}`), the client by the name the studio gave them, a collaborator by
 * address and role, a review link's listener by the name they gave.
 */
async function authorNamer(context: EmailContext, comments: EmailedComment[]) {
  const { adminNames, project, studio } = context;
  const ids = [...new Set(comments.flatMap((c) => (/^admin:\d+$/.test(c.authorKey) ? [Number(c.authorKey.slice(6))] : [])))];
  const owners = ids.length > 0 ? await adminNames(ids) : new Map<number, string>();
  return (c: EmailedComment): string => {
    switch (authorKindOf(c)) {
      case 'studio':
        return owners.get(Number(c.authorKey.slice(6))) ?? c.authorName ?? studio.name;
      case 'client':
        return `${c.authorName ?? project.clientName} (client)`;
      case 'collaborator':
        return `${c.authorName ?? c.authorKey.slice(7)} (collaborator, ${COLLABORATOR_ROLE_LABELS[c.authorRole!].toLowerCase()})`;
      case 'review-link':
        return commentAuthorName(c.authorKey, c.authorName) ?? 'A review link listener';
    }
  };
}

/** The lines of one comment (its author named when the e-mail does not group by author), with a link to its moment. */
function commentLines(context: EmailContext, area: 'portal' | 'manage', c: EmailedComment, author?: string): string[] {
  const { publicUrl, project } = context;
  return [
    `  - ${c.title} v${c.number} at ${formatSpan(c.atSeconds, c.endSeconds)}${c.parentId ? ' (reply)' : ''}${author ? `, ${author}` : ''}:`,
    `    ${c.body.length > 300 ? `${c.body.slice(0, 299)}…` : c.body}`.replace(/\n/g, '\n    '),
    `    ${reviewPath(publicUrl, area, project.id, c.trackId, c.number, c.atSeconds)}`,
  ];
}

/** To the studio: the new comments of everyone on the project and its review links, grouped by who wrote them (batched). */
export async function commentsForStudioEmail(context: EmailContext): Promise<MailMessage | null> {
  const { project, studio } = context;
  const comments = (await commentsSince(context, await studioNoticeSince(context))).filter((c) => c.authorSide === 'client');
  if (comments.length === 0) return null;
  const nameOf = await authorNamer(context, comments);
  const byAuthor = new Map<string, EmailedComment[]>();
  for (const c of comments) byAuthor.set(c.authorKey, [...(byAuthor.get(c.authorKey) ?? []), c]);
  const groups = [...byAuthor.values()];
  const who =
    groups.length === 1
      ? nameOf(groups[0]![0]!).replace(/ \((client|collaborator, [^)]*)\)$/, '')
      : plural(groups.length, 'person', 'people');
  return {
    to: studio.inbox,
    subject: `${who} left ${plural(comments.length, 'comment', 'comments')} on "${project.title}"`,
    text: [
      `New comments on "${project.title}" (${project.clientName}, ${project.clientEmail}):`,
      ...groups.flatMap((group) => ['', `From ${nameOf(group[0]!)}:`, ...group.flatMap((c) => commentLines(context, 'manage', c))]),
    ].join('\n'),
  };
}

/**
 * To a person on the project (batched): replies to the threads they wrote in, by anyone else; the
 * client also gets every comment of the studio, as before collaborators.
 */
export async function commentsForClientEmail(context: EmailContext): Promise<MailMessage | null> {
  const { project, studio } = context;
  const access = await context.access();
  if (!can(access, 'listen')) return null;
  const me = `client:${addresseeOf(context)}`;
  const all = await commentsSince(context, null);
  const mine = new Set(all.filter((c) => c.authorKey === me).map((c) => c.parentId ?? c.id));
  const since = await reportedSince(context);
  const comments = (await commentsSince(context, since)).filter(
    (c) => c.authorKey !== me && ((access === 'client' && c.authorSide === 'studio') || (c.parentId !== null && mine.has(c.parentId))),
  );
  if (comments.length === 0 || !(await context.hasAccess())) return null;
  const nameOf = await authorNamer(context, comments);
  const authors = [...new Set(comments.map(nameOf))];
  const onlyStudio = comments.every((c) => c.authorSide === 'studio');
  return {
    to: addresseeOf(context),
    replyTo: studio.inbox,
    subject: onlyStudio ? `${studio.name} replied on "${project.title}"` : `New replies on "${project.title}"`,
    text: [
      greetingOf(context),
      '',
      `New on "${project.title}":`,
      '',
      ...comments.flatMap((c) => commentLines(context, 'portal', c, nameOf(c))),
      '',
      `Sign in first if you are not signed in: ${await context.clientLink()}`,
      // Signed by whoever answered, as they are named, then the studio.
      '',
      authors.join(', '),
      ...context.signature.slice(1),
    ].join('\n'),
  };
}
