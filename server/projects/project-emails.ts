import type { Kysely } from 'kysely';
import { formatFileSize } from '#common/file-size.ts';
import { RETENTION_DAYS } from '#common/projects.ts';
import { REVIEW_EMAIL_BATCH_MS } from '#common/review.ts';
import { formatTime } from '#common/format-time.ts';
import type { Database, ProjectEmailKind } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';
import type { Mailer, MailMessage } from '#server/email/mailer.ts';
import { claimForSending, deliverDue, markFailed, markSent, type DeliveryResult } from '#server/email/retried-mail.ts';
import { recordActivity } from './activity.ts';
import { createSignInLink, hasPortalAccess } from './client-sessions.ts';
import { dayOf, filesExpireAt } from './retention-dates.ts';

/** How often unsent e-mails are looked at. */
export const PROJECT_EMAIL_INTERVAL_MS = 60_000;
/** Uploads within this long of each other make one e-mail ("3 files received"), not one each. */
export const BATCH_DELAY_MS = 2 * 60_000;

export interface ProjectEmailDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  /** The studio's name and the inbox its notices go to. */
  studio: () => Promise<{ name: string; inbox: string }>;
}

/** Kinds gathered into one e-mail when several happen close together, and how long each waits for more. */
const BATCH_WAIT_MS: Partial<Record<ProjectEmailKind, number>> = {
  files_received: BATCH_DELAY_MS,
  delivery_ready: BATCH_DELAY_MS,
  version_ready: REVIEW_EMAIL_BATCH_MS,
  comments_for_client: REVIEW_EMAIL_BATCH_MS,
  comments_for_studio: REVIEW_EMAIL_BATCH_MS,
};

/**
 * Queues an e-mail about a project, committed before the caller answers: a crash or a mail outage
 * delays it, never loses it. A batched kind joins an e-mail of its kind still waiting to go out.
 */
export async function queueProjectEmail(db: Kysely<Database>, projectId: number, kind: ProjectEmailKind, now = new Date()): Promise<void> {
  const wait = BATCH_WAIT_MS[kind];
  if (wait !== undefined) {
    const waiting = await db
      .selectFrom('projectEmails')
      .select('id')
      .where('projectId', '=', projectId)
      .where('kind', '=', kind)
      .where('sentAt', 'is', null)
      .where('attempts', '=', 0)
      .executeTakeFirst();
    if (waiting) return;
  }
  const due = new Date(now.getTime() + (wait ?? 0));
  await db
    .insertInto('projectEmails')
    .values({ projectId, kind, nextAttemptAt: due.toISOString(), createdAt: now.toISOString() })
    .execute();
}

type Project = {
  id: number;
  title: string;
  clientName: string;
  clientEmail: string;
  completedAt: string | null;
  retainFilesUntil: string | null;
};

const portalLink = (publicUrl: string, token: string, projectId: number) =>
  `${publicUrl}/portal/auth?token=${encodeURIComponent(token)}&project=${projectId}`;

/** When the last e-mail of this kind about the project went out (its claim time), or null. */
async function lastSent(db: Kysely<Database>, projectId: number, kind: ProjectEmailKind): Promise<string | null> {
  const last = await db
    .selectFrom('projectEmails')
    .select('sentAt')
    .where('projectId', '=', projectId)
    .where('kind', '=', kind)
    .where('sentAt', 'is not', null)
    .orderBy('sentAt', 'desc')
    .executeTakeFirst();
  return last?.sentAt ?? null;
}

/** A link to a moment of a version in the review room, for the client (`portal`) or the studio (`manage`). */
export function reviewPath(
  publicUrl: string,
  area: 'portal' | 'manage',
  projectId: number,
  trackId: number,
  versionId: number,
  at?: number,
): string {
  const moment = at === undefined ? '' : `&t=${Math.floor(at)}`;
  return `${publicUrl}/${area}/projects/${projectId}/review/${trackId}?version=${versionId}${moment}`;
}

/** Files of one side added after the last e-mail of this kind went out: what this e-mail reports. */
async function filesSinceLastEmail(db: Kysely<Database>, project: Project, kind: ProjectEmailKind, side: 'client' | 'studio') {
  const last = await db
    .selectFrom('projectEmails')
    .select('sentAt')
    .where('projectId', '=', project.id)
    .where('kind', '=', kind)
    .where('sentAt', 'is not', null)
    .orderBy('sentAt', 'desc')
    .executeTakeFirst();
  let query = db.selectFrom('projectFiles').select(['name', 'size']).where('projectId', '=', project.id).where('side', '=', side);
  if (last?.sentAt) query = query.where('createdAt', '>', last.sentAt);
  return query.orderBy('id').execute();
}

const fileLines = (files: { name: string; size: number }[]) =>
  files.map((file) => `  - ${file.name} (${formatFileSize(Number(file.size))})`);

/** The words of one e-mail, made when it is sent (names, files and links as they are then); null: nothing to send any more. */
async function compose(deps: ProjectEmailDeps, kind: ProjectEmailKind, project: Project): Promise<MailMessage | null> {
  const { db, publicUrl } = deps;
  const studio = await deps.studio();
  const signature = ['', `${studio.name}`, publicUrl];
  // Mail to the client carries a fresh single-use sign-in link (only its hash is stored), made per attempt.
  const clientLink = async () => portalLink(publicUrl, await createSignInLink(db, project.clientEmail), project.id);
  const hasAccess = () => hasPortalAccess(db, project.clientEmail);
  switch (kind) {
    case 'invite':
    case 'sign_in': {
      if (!(await hasAccess())) return null;
      const link = await clientLink();
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
          ...signature,
        ].join('\n'),
      };
    }
    case 'files_received': {
      const files = await filesSinceLastEmail(db, project, kind, 'client');
      if (files.length === 0) return null;
      return {
        to: studio.inbox,
        subject: `${project.clientName} sent ${files.length} ${files.length === 1 ? 'file' : 'files'} for "${project.title}"`,
        text: [
          `${project.clientName} (${project.clientEmail}) uploaded to "${project.title}":`,
          '',
          ...fileLines(files),
          '',
          `Open the project: ${publicUrl}/manage/projects/${project.id}`,
        ].join('\n'),
      };
    }
    case 'delivery_ready': {
      const files = await filesSinceLastEmail(db, project, kind, 'studio');
      if (files.length === 0 || !(await hasAccess())) return null;
      return {
        to: project.clientEmail,
        replyTo: studio.inbox,
        subject: `${studio.name}: your delivery for "${project.title}" is ready`,
        text: [
          `Hi ${project.clientName},`,
          '',
          `New files are ready for "${project.title}":`,
          '',
          ...fileLines(files),
          '',
          `Download them: ${await clientLink()}`,
          '(The link signs you in; it works once and for 7 days.)',
          ...signature,
        ].join('\n'),
      };
    }
    case 'version_ready': {
      const since = await lastSent(db, project.id, kind);
      let query = db
        .selectFrom('trackVersions')
        .innerJoin('projectTracks', 'projectTracks.id', 'trackVersions.trackId')
        .select(['trackVersions.number', 'projectTracks.title', 'projectTracks.id as trackId', 'trackVersions.id as versionId'])
        .where('trackVersions.projectId', '=', project.id);
      if (since) query = query.where('trackVersions.createdAt', '>', since);
      const versions = await query.orderBy('trackVersions.id').execute();
      if (versions.length === 0 || !(await hasAccess())) return null;
      const link = await clientLink();
      return {
        to: project.clientEmail,
        replyTo: studio.inbox,
        subject: `${studio.name}: ${versions.length === 1 ? 'a new mix is' : `${versions.length} new mixes are`} ready for your review`,
        text: [
          `Hi ${project.clientName},`,
          '',
          `Ready to listen to in "${project.title}":`,
          '',
          ...versions.map(
            (v) => `  - ${v.title}, version ${v.number}: ${reviewPath(publicUrl, 'portal', project.id, v.trackId, v.versionId)}`,
          ),
          '',
          `Sign in first if you are not signed in: ${link}`,
          '(The sign-in link works once and for 7 days.)',
          ...signature,
        ].join('\n'),
      };
    }
    case 'comments_for_client':
    case 'comments_for_studio': {
      const since = await lastSent(db, project.id, kind);
      const fromSide = kind === 'comments_for_client' ? 'studio' : 'client';
      let query = db
        .selectFrom('versionComments')
        .innerJoin('trackVersions', 'trackVersions.id', 'versionComments.versionId')
        .innerJoin('projectTracks', 'projectTracks.id', 'trackVersions.trackId')
        .select([
          'versionComments.atSeconds',
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
      if (comments.length === 0) return null;
      const area = kind === 'comments_for_client' ? 'portal' : 'manage';
      const fallbackName = fromSide === 'studio' ? studio.name : project.clientName;
      const lines = comments.flatMap((c) => [
        `  - ${c.title} v${c.number} at ${formatTime(c.atSeconds)}${c.parentId ? ' (reply)' : ''}, ${c.authorName ?? fallbackName}:`,
        `    ${c.body.length > 300 ? `${c.body.slice(0, 299)}…` : c.body}`.replace(/\n/g, '\n    '),
        `    ${reviewPath(publicUrl, area, project.id, c.trackId, c.versionId, c.atSeconds)}`,
      ]);
      if (kind === 'comments_for_studio') {
        return {
          to: studio.inbox,
          subject: `${project.clientName} left ${comments.length} ${comments.length === 1 ? 'comment' : 'comments'} on "${project.title}"`,
          text: [`New comments from ${project.clientName} (${project.clientEmail}) on "${project.title}":`, '', ...lines].join('\n'),
        };
      }
      if (!(await hasAccess())) return null;
      const link = await clientLink();
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
          `Sign in first if you are not signed in: ${link}`,
          ...signature,
        ].join('\n'),
      };
    }
    case 'retention_warning': {
      const expires = filesExpireAt(project);
      if (!expires || !(await hasAccess())) return null;
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
          `Your project: ${await clientLink()}`,
          ...signature,
        ].join('\n'),
      };
    }
  }
}

export type { DeliveryResult };

/** Sends one queued e-mail if it is due and nobody else holds it (a conditional claim, as the contact notices do). */
export async function deliverProjectEmail(deps: ProjectEmailDeps, emailId: number, now = new Date()): Promise<DeliveryResult> {
  const { db, logger, mailer } = deps;
  if (!(await claimForSending(db, 'projectEmails', emailId, now))) return 'skipped';
  const row = await db
    .selectFrom('projectEmails')
    .innerJoin('projects', 'projects.id', 'projectEmails.projectId')
    .select([
      'projectEmails.kind',
      'projectEmails.attempts',
      'projects.id',
      'projects.title',
      'projects.clientName',
      'projects.clientEmail',
      'projects.completedAt',
      'projects.retainFilesUntil',
    ])
    .where('projectEmails.id', '=', emailId)
    .executeTakeFirst();
  if (!row) return 'skipped';
  const { kind, attempts, ...project } = row;
  try {
    const message = await compose(deps, kind, project);
    if (message) await mailer.send(message);
    else logger.info({ emailId, kind, projectId: project.id }, 'project e-mail has nothing left to say; not sent');
  } catch (error) {
    const retryAt = await markFailed(db, 'projectEmails', emailId, error, attempts, now);
    logger.warn({ err: error, emailId, kind, projectId: project.id, attempts, retryAt }, 'project e-mail not sent; will retry');
    return 'failed';
  }
  // Stamped with the claim's time, not the send's: the next e-mail of this kind reports files added after
  // this one was composed, so a file that arrived while this one was going out is reported (twice at worst, never missed).
  await markSent(db, 'projectEmails', emailId, now);
  if (kind === 'retention_warning') {
    await recordActivity(
      db,
      project.id,
      { side: 'system' },
      { action: 'retention_warning_sent', removalDay: dayOf(filesExpireAt(project)!) },
    );
  }
  return 'sent';
}

/** Sends every e-mail that is due. */
export function sendDueProjectEmails(deps: ProjectEmailDeps, now = new Date()): Promise<Record<DeliveryResult, number>> {
  return deliverDue(deps.db, 'projectEmails', (id) => deliverProjectEmail(deps, id, now), now);
}

/**
 * Sends what is due: at start-up, every minute, and right after something was queued (`sendSoon`),
 * so an invitation goes out in seconds. One pass at a time per instance; the claims keep instances apart.
 */
export class ProjectEmailSender {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: ProjectEmailDeps) {}

  start(intervalMs = PROJECT_EMAIL_INTERVAL_MS): NodeJS.Timeout {
    this.sendSoon();
    this.timer = setInterval(() => this.sendSoon(), intervalMs);
    this.timer.unref();
    return this.timer;
  }

  sendSoon(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.sendSoon();
      }
    });
  }

  /** Resolves when no pass is running (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async pass(): Promise<void> {
    try {
      const totals = await sendDueProjectEmails(this.deps);
      if (totals.sent + totals.failed > 0) this.deps.logger.info(totals, 'project e-mails sent');
    } catch (error) {
      this.deps.logger.error({ err: error }, 'project e-mail delivery failed');
    }
  }
}
