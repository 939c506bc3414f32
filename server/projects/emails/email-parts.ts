import type { Kysely } from 'kysely';
import { formatFileSize } from '#common/file-size.ts';
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
  /** The lines that close an e-mail to the client. */
  signature: string[];
  /** A fresh single-use sign-in link for the addressee (the client, or `recipient`; only its hash is stored), made per attempt. */
  clientLink: () => Promise<string>;
  /** Whether the addressee may still sign in (a collaborator: to this project): mail that needs the portal is not sent otherwise. */
  hasAccess: () => Promise<boolean>;
  /** Whether the project's masters wait for payment now (billing answers): "your delivery is ready" waits with them. */
  deliveriesHeld: () => Promise<boolean>;
}

export function emailContext(
  deps: { db: Kysely<Database>; publicUrl: string; adminNames: AdminNames; deliveriesHeld?: DeliveriesHeld },
  studio: { name: string; inbox: string },
  kind: ProjectEmailKind,
  project: EmailProject,
  recipient: string | null = null,
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
    signature: ['', studio.name, publicUrl],
    clientLink: async () => `${publicUrl}/portal/auth?token=${encodeURIComponent(await createSignInLink(db, to))}&project=${project.id}`,
    hasAccess: async () => (recipient ? (await projectAccessFor(db, recipient, project.id)) !== null : hasPortalAccess(db, to)),
    deliveriesHeld: async () => (await deps.deliveriesHeld?.(project.id)) ?? false,
  };
}

/** When the last e-mail of this kind about the project went out (its claim time), or null. */
export async function lastSent({ db, project, kind }: EmailContext): Promise<string | null> {
  const last = await db
    .selectFrom('projectEmails')
    .select('sentAt')
    .where('projectId', '=', project.id)
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

export const fileLines = (files: { name: string; size: number }[]) =>
  files.map((file) => `  - ${file.name} (${formatFileSize(Number(file.size))})`);

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
