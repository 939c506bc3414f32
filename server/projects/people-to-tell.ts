import type { Kysely } from 'kysely';
import { can, type ProjectCapability } from '#common/collaborators.ts';
import type { Database, ProjectEmailKind } from '#server/db/schema.ts';
import { queueProjectEmail, STUDIO_NOTICES } from './project-emails.ts';

/*
 * Who an event on a project concerns (issue 41, decision 102): the client and the collaborators whose
 * role allows what the e-mail is about (common/collaborators.ts). Each gets their own queued e-mail,
 * batched on its own; whether they still may, and whether they muted the project, is read again when
 * it is sent (project-emails.ts). A review link's listeners leave no address, so no e-mail reaches them.
 */

/** The addresses on the project whose access allows `capability`: the client first, then the collaborators. */
export async function peopleWho(db: Kysely<Database>, projectId: number, capability: ProjectCapability): Promise<string[]> {
  const project = await db.selectFrom('projects').select('clientEmail').where('id', '=', projectId).executeTakeFirst();
  if (!project) return [];
  const collaborators = await db
    .selectFrom('projectCollaborators')
    .select(['email', 'role'])
    .where('projectId', '=', projectId)
    .where('removedAt', 'is', null)
    .orderBy('id')
    .execute();
  const client = can('client', capability) ? [project.clientEmail] : [];
  return [...client, ...collaborators.filter((c) => can(c.role, capability)).map((c) => c.email)];
}

/** Queues one e-mail of `kind` for each address (the client's as the kind's usual addressee), leaving out `except`. */
export async function queueForPeople(
  db: Kysely<Database>,
  projectId: number,
  kind: ProjectEmailKind,
  addresses: readonly string[],
  now: Date,
  except: string | null = null,
): Promise<void> {
  const project = await db.selectFrom('projects').select('clientEmail').where('id', '=', projectId).executeTakeFirst();
  if (!project) return;
  for (const email of new Set(addresses)) {
    if (email === except) continue;
    await queueProjectEmail(db, projectId, kind, now, email === project.clientEmail ? null : email);
  }
}

/** Queues `kind` for everyone on the project whose access allows `capability`. */
export async function queueForEveryoneWho(
  db: Kysely<Database>,
  projectId: number,
  kind: ProjectEmailKind,
  capability: ProjectCapability,
  now: Date,
  except: string | null = null,
): Promise<void> {
  await queueForPeople(db, projectId, kind, await peopleWho(db, projectId, capability), now, except);
}

/**
 * Queues a studio notice (files received, client comments, decisions) in the event's transaction: one
 * for the studio's address and one for each of the project's engineers, who are batched on their own.
 * Whether an engineer still gets it (their choice, their address, still on the project) is read when
 * it is sent, and a copy to the studio's own address is never sent twice (project-emails.ts).
 */
export async function queueStudioNotice(db: Kysely<Database>, projectId: number, kind: ProjectEmailKind, now: Date): Promise<void> {
  await queueProjectEmail(db, projectId, kind, now);
  if (!STUDIO_NOTICES[kind]) return;
  const engineers = await db.selectFrom('projectEngineers').select('adminUserId').where('projectId', '=', projectId).execute();
  for (const { adminUserId } of engineers) await queueProjectEmail(db, projectId, kind, now, null, adminUserId);
}
