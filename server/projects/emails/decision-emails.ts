import type { MailMessage } from '#server/email/mailer.ts';
import { revisionRoundsByTrack } from '#server/projects/review/tracks.ts';
import { can } from '#common/collaborators.ts';
import { addresseeOf, greetingOf, plural, reportedSince, reviewPath, studioNoticeSince, type EmailContext } from './email-parts.ts';

interface Decision {
  at: string;
  trackId: number;
  versionId: number;
  title: string;
  number: number;
  /** Who decided: the client's or a collaborator's address (null: not known, an approval from before collaborators). */
  by: string | null;
  /** Null for an approval. */
  round: { round: number; summary: string; requestedBy: string; beyond: boolean } | null;
}

/** The decisions made since `since` (null: ever), oldest first: revision rounds with their summaries, and approvals still standing. */
async function newDecisions(context: EmailContext, since: string | null): Promise<Decision[]> {
  const { db, project } = context;
  const included = await db.selectFrom('projects').select('revisionsIncluded').where('id', '=', project.id).executeTakeFirst();
  // Every round of the project, so each keeps its number on its track; only the new ones are told.
  const byTrack = await revisionRoundsByTrack(db, project.id);
  const titles = new Map(
    (await db.selectFrom('projectTracks').select(['id', 'title']).where('projectId', '=', project.id).execute()).map((t) => [
      t.id,
      t.title,
    ]),
  );
  const rounds: Decision[] = [...byTrack].flatMap(([trackId, ofTrack]) => {
    return ofTrack.map((round) => ({
      at: round.requestedAt,
      trackId,
      versionId: round.versionId,
      title: titles.get(trackId) ?? '',
      number: round.versionNumber,
      by: round.requestedBy,
      round: {
        round: round.round,
        summary: round.summary,
        requestedBy: round.requestedBy,
        beyond: included?.revisionsIncluded != null && round.round > included.revisionsIncluded,
      },
    }));
  });
  // An approval sets the track's state and stamps it (decisions.ts); a new version clears both.
  let approvedQuery = db
    .selectFrom('projectTracks')
    .innerJoin('trackVersions', 'trackVersions.id', 'projectTracks.approvedVersionId')
    .select([
      'projectTracks.id as trackId',
      'projectTracks.title',
      'projectTracks.updatedAt',
      'trackVersions.id as versionId',
      'trackVersions.number',
    ])
    .where('projectTracks.projectId', '=', project.id)
    .where('projectTracks.state', '=', 'approved');
  if (since) approvedQuery = approvedQuery.where('projectTracks.updatedAt', '>', since);
  const approvers = await approversOf(context);
  const approvals: Decision[] = (await approvedQuery.execute()).map((a) => ({
    ...a,
    at: a.updatedAt,
    by: approvers.get(`${a.title}\u0000${a.number}`) ?? null,
    round: null,
  }));
  return [...rounds.filter((r) => since === null || r.at > since), ...approvals].sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * Who approved each version (by track title and version number): the log's newest approval entry
 * names them (`by`), as the track keeps only its state.
 */
async function approversOf({ db, project }: EmailContext): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('projectActivity')
    .select('detail')
    .where('projectId', '=', project.id)
    .where('action', '=', 'version_approved')
    .orderBy('id')
    .execute();
  const by = new Map<string, string>();
  for (const row of rows) {
    const detail = JSON.parse(row.detail ?? '{}') as { title?: string; number?: number; by?: string };
    // Entries from before collaborators name no one: only the client could approve then.
    by.set(`${detail.title}\u0000${detail.number}`, detail.by ?? project.clientEmail);
  }
  return by;
}

function describe(decision: Decision): string {
  if (!decision.round) return `approved version ${decision.number} of "${decision.title}"`;
  const { round, beyond } = decision.round;
  return `asked for revisions on version ${decision.number} of "${decision.title}" (round ${round}${beyond ? ', beyond the package' : ''})`;
}

/** To the studio, at once: the client approved a version or asked for another round, with the round's summary. */
export async function decisionsForStudioEmail(context: EmailContext): Promise<MailMessage | null> {
  const { project, studio, publicUrl } = context;
  const decisions = await newDecisions(context, await studioNoticeSince(context));
  if (decisions.length === 0) return null;
  // The client by the name the studio gave them; a collaborator (decision 081) by their address.
  const nameOf = (by: string | null) => (by === null || by === project.clientEmail ? project.clientName : by);
  const deciders = new Set(decisions.map((d) => nameOf(d.by)));
  const who = deciders.size === 1 ? [...deciders][0]! : `${project.clientName} and their collaborators`;
  const subject =
    decisions.length === 1
      ? `${who} ${describe(decisions[0]!)}`
      : `${who} made ${plural(decisions.length, 'decision', 'decisions')} on "${project.title}"`;
  const lines = decisions.flatMap((d) => [
    `  - ${describe(d).replace(/^./, (first) => first.toUpperCase())}`,
    ...(d.round
      ? [`    Asked by ${d.round.requestedBy}:`, ...d.round.summary.split('\n').map((line) => `    ${line}`)]
      : [`    Approved by ${d.by ?? project.clientEmail}`]),
    `    ${reviewPath(publicUrl, 'manage', project.id, d.trackId, d.number)}`,
  ]);
  // Read when the e-mail is written: an approval that completed the project tells the studio what comes next.
  const status = await context.db.selectFrom('projects').select('status').where('id', '=', project.id).executeTakeFirst();
  const next =
    status?.status === 'approved'
      ? [
          '',
          'Every track is approved: masters in preparation. Upload them under Deliveries;',
          'the client is e-mailed and the project moves to Delivered.',
          `${publicUrl}/manage/projects/${project.id}#project-deliveries`,
        ]
      : [];
  return {
    to: studio.inbox,
    subject,
    text: [`${project.clientName} (${project.clientEmail}) on "${project.title}":`, '', ...lines, ...next].join('\n'),
  };
}

/**
 * To the client and everyone who may approve (issue 41), at once: what the others decided, in the
 * words the studio reads; nobody is told of their own decision. An approval a newer version has
 * since replaced is no longer told.
 */
export async function decisionsForPeopleEmail(context: EmailContext): Promise<MailMessage | null> {
  const { project, studio, publicUrl } = context;
  if (!can(await context.access(), 'decide')) return null;
  const me = addresseeOf(context);
  const decisions = (await newDecisions(context, await reportedSince(context))).filter((d) => (d.by ?? project.clientEmail) !== me);
  if (decisions.length === 0 || !(await context.hasAccess())) return null;
  const nameOf = (by: string | null) =>
    by === null || by === project.clientEmail ? project.clientName : by === 'studio' ? studio.name : by;
  const lines = decisions.flatMap((d) => [
    `  - ${nameOf(d.by)} ${describe(d)}`,
    ...(d.round ? d.round.summary.split('\n').map((line) => `    ${line}`) : []),
    `    ${reviewPath(publicUrl, 'portal', project.id, d.trackId, d.number)}`,
  ]);
  return {
    to: me,
    replyTo: studio.inbox,
    subject:
      decisions.length === 1
        ? `${nameOf(decisions[0]!.by)} ${describe(decisions[0]!)}`
        : `${plural(decisions.length, 'decision', 'decisions')} on "${project.title}"`,
    text: [
      greetingOf(context),
      '',
      `On "${project.title}":`,
      '',
      ...lines,
      '',
      `Sign in first if you are not signed in: ${await context.clientLink()}`,
      ...context.signature,
    ].join('\n'),
  };
}
