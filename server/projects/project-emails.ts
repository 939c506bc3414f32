import type { Kysely } from 'kysely';
import { REVIEW_EMAIL_BATCH_MS } from '#common/review.ts';
import type { StaffNoticeKind } from '#common/staff-notices.ts';
import type { Database, ProjectEmailKind } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';
import type { Mailer, MailMessage } from '#server/email/mailer.ts';
import { MailSender } from '#server/email/mail-sender.ts';
import { claimForSending, deliverDue, markFailed, markSent, nextDueAt, type DeliveryResult } from '#server/email/retried-mail.ts';
import { recordActivity } from './activity.ts';
import { COMPOSE_PROJECT_EMAIL } from './emails/compose.ts';
import { emailContext, type AdminNames, type DeliveriesHeld, type EmailProject, type StaffNoticeAddress } from './emails/email-parts.ts';
import { isMuted, type EmailMutes } from './email-mutes.ts';
import { dayOf, filesExpireAt } from './retention-dates.ts';

/** Uploads within this long of each other make one e-mail ("3 files received"), not one each. */
export const BATCH_DELAY_MS = 2 * 60_000;
/**
 * Deliveries wait less: the client is told within a minute of the first master (issue 32), and the
 * masters of one upload, which finish close together, still make one e-mail.
 */
export const DELIVERY_BATCH_MS = 30_000;

export interface ProjectEmailDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  /** The studio's name and the inbox its notices go to. */
  studio: () => Promise<{ name: string; inbox: string }>;
  /** How the owner's comments are signed: the admins' names now (auth answers). */
  adminNames: AdminNames;
  /** The mute links of the e-mails about the work (email-mutes.ts). */
  mutes: EmailMutes;
  /** Whether a project's masters wait for payment (billing answers); "your delivery is ready" is not sent meanwhile. */
  deliveriesHeld?: DeliveriesHeld;
  /** Where a team member's copy of a studio notice goes now, or null (auth answers: decision 121). */
  staffAddress?: StaffNoticeAddress;
}

/** The studio's notices about a project that its engineers get too, and the choice each person has for them (decision 121). */
export const STUDIO_NOTICES: Partial<Record<ProjectEmailKind, StaffNoticeKind>> = {
  files_received: 'files_received',
  comments_for_studio: 'comments',
  decisions_for_studio: 'decisions',
};

/** Kinds gathered into one e-mail when several happen close together, and how long each waits for more. */
const BATCH_WAIT_MS: Partial<Record<ProjectEmailKind, number>> = {
  files_received: BATCH_DELAY_MS,
  delivery_ready: DELIVERY_BATCH_MS,
  version_ready: REVIEW_EMAIL_BATCH_MS,
  comments_for_client: REVIEW_EMAIL_BATCH_MS,
  comments_for_studio: REVIEW_EMAIL_BATCH_MS,
};

/** The e-mails to the people on a project about the work: each person can mute them, project by project. */
const MUTABLE: ReadonlySet<ProjectEmailKind> = new Set(['version_ready', 'comments_for_client', 'delivery_ready', 'decisions_for_people']);

/** Access e-mails (a sign-in link, an invitation, the retention warning) are no event on the work: they flush nothing. */
const NOT_AN_EVENT: ReadonlySet<ProjectEmailKind> = new Set(['invite', 'sign_in', 'collaborator_invite', 'retention_warning']);

/**
 * Queues an e-mail about a project, committed before the caller answers: a crash or a mail outage
 * delays it, never loses it. A batched kind joins an e-mail of its kind still waiting to go out.
 * Any event also makes the project's other waiting batches due now, so they go out before this
 * event's e-mail (due no earlier, and queued later): e-mails follow the events' order (decision 077).
 */
export async function queueProjectEmail(
  db: Kysely<Database>,
  projectId: number,
  kind: ProjectEmailKind,
  now = new Date(),
  /** Someone other than the kind's usual addressee: a collaborator's invitation or sign-in link. */
  recipient: string | null = null,
  /** A studio notice's copy for one of the project's engineers (people-to-tell.ts). */
  staffId: number | null = null,
): Promise<void> {
  const wait = BATCH_WAIT_MS[kind];
  if (!NOT_AN_EVENT.has(kind)) {
    await db
      .updateTable('projectEmails')
      .set({ nextAttemptAt: now.toISOString() })
      .where('projectId', '=', projectId)
      .where('kind', '!=', kind)
      .where('sentAt', 'is', null)
      .where('attempts', '=', 0)
      .where('nextAttemptAt', '>', now.toISOString())
      .execute();
  }
  if (wait !== undefined) {
    // Joining takes the waiting row's lock (an update that changes nothing), so a sender claiming it
    // waits for this event's transaction and composes with the event in it (PostgreSQL; SQLite writes one at a time).
    const joined = await db
      .updateTable('projectEmails')
      .set((eb) => ({ attempts: eb.ref('attempts') }))
      .where('projectId', '=', projectId)
      .where('kind', '=', kind)
      .where((eb) => (recipient === null ? eb('recipient', 'is', null) : eb('recipient', '=', recipient)))
      .where((eb) => (staffId === null ? eb('staffId', 'is', null) : eb('staffId', '=', staffId)))
      .where('sentAt', 'is', null)
      .where('attempts', '=', 0)
      .executeTakeFirst();
    if (Number(joined.numUpdatedRows) > 0) return;
  }
  const due = new Date(now.getTime() + (wait ?? 0));
  await db
    .insertInto('projectEmails')
    .values({ projectId, kind, recipient, staffId, nextAttemptAt: due.toISOString(), createdAt: now.toISOString() })
    .execute();
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
      'projectEmails.recipient',
      'projectEmails.staffId',
      'projectEmails.attempts',
      'projectEmails.createdAt as queuedAt',
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
  const { kind, recipient, staffId, attempts, queuedAt, ...project } = row;
  try {
    const message =
      staffId === null
        ? await composeFor(deps, { kind, recipient, queuedAt, project })
        : await composeForStaff(deps, staffId, { kind, queuedAt, project });
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

/**
 * The e-mail a queued row says, as things are when it is sent: nothing for a person who muted the
 * project (decision 102), and a mute link (in the text and as RFC 8058's one-click headers) on every
 * e-mail about the work. Invitations, sign-in links and the retention warning are no news one can
 * mute: they always go.
 */
async function composeFor(
  deps: ProjectEmailDeps,
  row: { kind: ProjectEmailKind; recipient: string | null; queuedAt: string; project: EmailProject },
): Promise<MailMessage | null> {
  const { kind, recipient, queuedAt, project } = row;
  const addressee = recipient ?? project.clientEmail;
  const aboutTheWork = MUTABLE.has(kind);
  if (aboutTheWork && (await isMuted(deps.db, project.id, addressee))) return null;
  const message = await COMPOSE_PROJECT_EMAIL[kind](emailContext(deps, await deps.studio(), kind, project, recipient, queuedAt));
  if (!message || !aboutTheWork) return message;
  const mute = deps.mutes.link(deps.publicUrl, project.id, addressee);
  return {
    ...message,
    text: `${message.text}\n\nStop e-mails about "${project.title}": ${mute}`,
    headers: { 'List-Unsubscribe': `<${mute}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * A team member's copy of a studio notice, as things are when it is sent: nothing once they are off
 * the project or the staff, turned the kind off, or share the studio's address (which has its own).
 */
async function composeForStaff(
  deps: ProjectEmailDeps,
  staffId: number,
  row: { kind: ProjectEmailKind; queuedAt: string; project: EmailProject },
): Promise<MailMessage | null> {
  const notice = STUDIO_NOTICES[row.kind];
  const address = notice ? await deps.staffAddress?.(staffId, notice) : null;
  if (!address) return null;
  const studio = await deps.studio();
  if (address.trim().toLowerCase() === studio.inbox.trim().toLowerCase()) return null;
  const assigned = await deps.db
    .selectFrom('projectEngineers')
    .select('projectId')
    .where('projectId', '=', row.project.id)
    .where('adminUserId', '=', staffId)
    .executeTakeFirst();
  if (!assigned) return null;
  const message = await COMPOSE_PROJECT_EMAIL[row.kind](emailContext(deps, studio, row.kind, row.project, null, row.queuedAt, staffId));
  return message && { ...message, to: address };
}

/** Sends every e-mail that is due. */
export function sendDueProjectEmails(deps: ProjectEmailDeps, now = new Date()): Promise<Record<DeliveryResult, number>> {
  return deliverDue(deps.db, 'projectEmails', (id) => deliverProjectEmail(deps, id, now), now);
}

/** The project e-mails' sender: one pass at a time per instance (server/email/mail-sender.ts). */
export class ProjectEmailSender extends MailSender {
  constructor(deps: ProjectEmailDeps) {
    super({
      sendDue: (now) => sendDueProjectEmails(deps, now),
      nextDueAt: () => nextDueAt(deps.db, 'projectEmails'),
      logger: deps.logger,
      label: 'project e-mails',
    });
  }
}
