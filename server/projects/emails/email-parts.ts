import type { Kysely } from 'kysely';
import type { ProjectAccess } from '#common/collaborators.ts';
import { formatFileSize } from '#common/file-size.ts';
import type { StaffNoticeKind } from '#common/staff-notices.ts';
import type { Database, ProjectEmailKind } from '#server/db/schema.ts';
import { createSignInLink, hasPortalAccess, projectAccessFor } from '#server/projects/client-sessions.ts';

/** The project an e-mail is about, as the delivery reads it. */
export interface EmailProject {
  id: number;
  title: string;
  clientName: string;
  clientEmail: string;
  completedAt: string | null;
  retainFilesUntil: string | null;
}

/** The studio's people as they are named now, by admin id: auth owns them (server/services.ts hands this in). */
export type AdminNames = (ids: readonly number[]) => Promise<Map<number, string>>;

/** Whether a project's masters wait for payment now: billing owns the answer (server/services.ts hands it in). */
export type DeliveriesHeld = (projectId: number) => Promise<boolean>;

/** Where a team member's copy of a studio notice goes now, or null: auth owns the people (decision 121). */
export type StaffNoticeAddress = (adminUserId: number, kind: StaffNoticeKind) => Promise<string | null>;

/** What every e-mail of a project is worded from. */
export interface EmailContext {
  db: Kysely<Database>;
  publicUrl: string;
  adminNames: AdminNames;
  studio: { name: string; inbox: string };
  project: EmailProject;
  kind: ProjectEmailKind;
  /** A collaborator the e-mail is for (their invitation, their sign-in link); null: the project's client. */
  recipient: string | null;
  /** The engineer a copy of a studio notice is for (decision 121); null: the studio's address, or as `recipient` says. */
  staffId: number | null;
  /** The lines that close an e-mail to the client. */
  signature: string[];
  /** A fresh single-use sign-in link for the addressee (the client, or `recipient`; only its hash is stored), made per attempt. */
  clientLink: () => Promise<string>;
  /** Whether the addressee may still sign in (a collaborator: to this project): mail that needs the portal is not sent otherwise. */
  hasAccess: () => Promise<boolean>;
  /** How the addressee reaches the project now (client, or a collaborator's role); null: not at all. */
  access: () => Promise<ProjectAccess | null>;
  /** When the queued e-mail was made: the first event of its batch. */
  queuedAt: string;
  /** Whether the project's masters wait for payment now (billing answers): "your delivery is ready" waits with them. */
  deliveriesHeld: () => Promise<boolean>;
}

export function emailContext(
  deps: { db: Kysely<Database>; publicUrl: string; adminNames: AdminNames; deliveriesHeld?: DeliveriesHeld },
  studio: { name: string; inbox: string },
  kind: ProjectEmailKind,
  project: EmailProject,
  recipient: string | null = null,
  queuedAt = new Date().toISOString(),
  staffId: number | null = null,
): EmailContext {
  const { db, publicUrl, adminNames } = deps;
  const to = recipient ?? project.clientEmail;
  return {
    db,
    publicUrl,
    adminNames,
    studio,
    project,
    kind,
    recipient,
    staffId,
    signature: ['', studio.name, publicUrl],
    clientLink: async () => `${publicUrl}/portal/auth?token=${encodeURIComponent(await createSignInLink(db, to))}&project=${project.id}`,
    hasAccess: async () => (recipient ? (await projectAccessFor(db, recipient, project.id)) !== null : hasPortalAccess(db, to)),
    access: () => projectAccessFor(db, to, project.id),
    queuedAt,
    deliveriesHeld: async () => (await deps.deliveriesHeld?.(project.id)) ?? false,
  };
}

/** Whom the e-mail goes to: the collaborator it names, or the project's client. */
export const addresseeOf = ({ recipient, project }: EmailContext) => recipient ?? project.clientEmail;

/** The first line to a person: the client by the name the studio gave them; a collaborator is known by address only. */
export const greetingOf = ({ recipient, project }: EmailContext) => (recipient ? 'Hi,' : `Hi ${project.clientName},`);

/** When the last e-mail of this kind about the project went to this addressee (its claim time), or null. */
export async function lastSent({ db, project, kind, recipient, staffId }: EmailContext): Promise<string | null> {
  const last = await db
    .selectFrom('projectEmails')
    .select('sentAt')
    .where('projectId', '=', project.id)
    .where('kind', '=', kind)
    .where((eb) => (recipient === null ? eb('recipient', 'is', null) : eb('recipient', '=', recipient)))
    .where((eb) => (staffId === null ? eb('staffId', 'is', null) : eb('staffId', '=', staffId)))
    .where('sentAt', 'is not', null)
    .orderBy('sentAt', 'desc')
    .executeTakeFirst();
  return last?.sentAt ?? null;
}

/**
 * Where an e-mail to a person starts reporting: after the last one of its kind to them, or, for their
 * first, at the event that queued it (a collaborator added late is not told the project's whole past).
 */
export async function reportedSince(context: EmailContext): Promise<string> {
  return (await lastSent(context)) ?? new Date(Date.parse(context.queuedAt) - 1).toISOString();
}

/**
 * Where a studio notice starts reporting: the studio's address after its last one (its first tells
 * everything so far), an engineer after their last, or from the event that queued their first.
 */
export const studioNoticeSince = (context: EmailContext) => (context.staffId === null ? lastSent(context) : reportedSince(context));

/**
 * A link to a moment of a version in the review room, for the client (`portal`) or the studio
 * (`manage`): `?version=` is the version's number on its track, the one the e-mail names (issue 41).
 */
export function reviewPath(
  publicUrl: string,
  area: 'portal' | 'manage',
  projectId: number,
  trackId: number,
  versionNumber: number,
  at?: number,
): string {
  const moment = at === undefined ? '' : `&t=${Math.floor(at)}`;
  return `${publicUrl}/${area}/projects/${projectId}/review/${trackId}?version=${versionNumber}${moment}`;
}

export const fileLines = (files: { name: string; size: number }[]) =>
  files.map((file) => `  - ${file.name} (${formatFileSize(Number(file.size))})`);

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
