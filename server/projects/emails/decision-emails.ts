import type { MailMessage } from '#server/email/mailer.ts';
import { revisionRoundsByTrack } from '#server/projects/review/tracks.ts';
import { lastSent, plural, reviewPath, type EmailContext } from './email-parts.ts';

interface Decision {
  at: string;
  trackId: number;
  versionId: number;
  title: string;
  number: number;
  /** Null for an approval. */
  round: { round: number; summary: string; requestedBy: string; beyond: boolean } | null;
}

/** The client's decisions since the last such e-mail, oldest first: revision rounds with their summaries, and approvals. */
async function newDecisions(context: EmailContext): Promise<Decision[]> {
  const { db, project } = context;
  const since = await lastSent(context);
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
  const approvals: Decision[] = (await approvedQuery.execute()).map((a) => ({ ...a, at: a.updatedAt, round: null }));
  return [...rounds.filter((r) => since === null || r.at > since), ...approvals].sort((a, b) => a.at.localeCompare(b.at));
}

function describe(decision: Decision): string {
  if (!decision.round) return `approved version ${decision.number} of "${decision.title}"`;
  const { round, beyond } = decision.round;
  return `asked for revisions on version ${decision.number} of "${decision.title}" (round ${round}${beyond ? ', beyond the package' : ''})`;
}

/** To the studio, at once: the client approved a version or asked for another round, with the round's summary. */
export async function decisionsForStudioEmail(context: EmailContext): Promise<MailMessage | null> {
  const { project, studio, publicUrl } = context;
  const decisions = await newDecisions(context);
  if (decisions.length === 0) return null;
  const subject =
    decisions.length === 1
      ? `${project.clientName} ${describe(decisions[0]!)}`
      : `${project.clientName} made ${plural(decisions.length, 'decision', 'decisions')} on "${project.title}"`;
  const lines = decisions.flatMap((d) => [
    `  - ${describe(d).replace(/^./, (first) => first.toUpperCase())}`,
    ...(d.round ? [`    Asked by ${d.round.requestedBy}:`, ...d.round.summary.split('\n').map((line) => `    ${line}`)] : []),
    `    ${reviewPath(publicUrl, 'manage', project.id, d.trackId, d.versionId)}`,
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
