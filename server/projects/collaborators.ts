import type { Kysely, Selectable } from 'kysely';
import { MAX_COLLABORATORS, type AddCollaboratorInput, type CollaboratorRole, type CollaboratorView } from '#common/collaborators.ts';
import type { Database, ProjectCollaboratorsTable } from '#server/db/schema.ts';
import { recordActivity, type Actor } from './activity.ts';
import { endClientAccess, hasPortalAccess } from './client-sessions.ts';
import { queueProjectEmail } from './project-emails.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import { hitRateLimit } from '#server/rate-limits/rate-limit.ts';

/**
 * Invitations one project may send in a day: the studio's mail goes to addresses a client typed, so
 * the whole band and team at once, not a mailing list (taking people off and adding others again
 * counts every invitation).
 */
export const INVITATIONS_PER_PROJECT_PER_DAY = { limit: 10, windowMs: 24 * 60 * 60 * 1000 };

export type AddOutcome =
  | { kind: 'added'; collaborator: CollaboratorView }
  /** The address is on the project already: answered as it is, role unchanged, no second e-mail. */
  | { kind: 'existing'; collaborator: CollaboratorView }
  | { kind: 'own-address' }
  | { kind: 'too-many' }
  /** The project's invitations for the day are spent: nothing was added or sent. */
  | { kind: 'invitations-spent'; retryAfterSeconds: number };

const toView = (row: Selectable<ProjectCollaboratorsTable>): CollaboratorView => ({
  id: row.id,
  email: row.email,
  role: row.role,
  addedAt: row.createdAt,
  lastSignedInAt: row.lastSignedInAt,
});

function active(db: Kysely<Database>, projectId: number) {
  return db.selectFrom('projectCollaborators').selectAll().where('projectId', '=', projectId).where('removedAt', 'is', null);
}

/**
 * The people a project's client added, with their roles (docs/decisions/081-project-collaborators.md).
 * What each role may do is common/collaborators.ts; who reaches a project at all is `projectsOpenTo`.
 * Every change writes the activity log in its own transaction.
 */
export class Collaborators {
  constructor(private readonly db: Kysely<Database>) {}

  /** The project's active collaborators, oldest first. */
  async list(projectId: number): Promise<CollaboratorView[]> {
    return (await active(this.db, projectId).orderBy('id').execute()).map(toView);
  }

  /**
   * The client adds someone: their invitation (with their own sign-in link) is queued with the row.
   * The caller has checked the actor is the project's invited client.
   */
  async add(projectId: number, input: AddCollaboratorInput, actor: Actor & { side: 'client' }, now = new Date()): Promise<AddOutcome> {
    try {
      return await this.db.transaction().execute(async (trx): Promise<AddOutcome> => {
        const project = await trx.selectFrom('projects').select('clientEmail').where('id', '=', projectId).executeTakeFirstOrThrow();
        if (input.email === project.clientEmail) return { kind: 'own-address' };
        const existing = await active(trx, projectId).where('email', '=', input.email).executeTakeFirst();
        if (existing) return { kind: 'existing', collaborator: toView(existing) };
        const count = await active(trx, projectId)
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        if (Number(count.count) >= MAX_COLLABORATORS) return { kind: 'too-many' };
        // Counted in the transaction: a refused add leaves no row and no e-mail; a rolled-back one no count.
        const invitations = await hitRateLimit(
          trx,
          { key: `collaborators:invitations:project:${projectId}`, ...INVITATIONS_PER_PROJECT_PER_DAY },
          now,
        );
        if (!invitations.allowed) return { kind: 'invitations-spent', retryAfterSeconds: invitations.retryAfterSeconds };
        const row = await trx
          .insertInto('projectCollaborators')
          .values({ projectId, email: input.email, role: input.role, addedBy: `client:${actor.email}`, createdAt: now.toISOString() })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordActivity(trx, projectId, actor, { action: 'collaborator_added', email: input.email, role: input.role }, now);
        await queueProjectEmail(trx, projectId, 'collaborator_invite', now, input.email);
        return { kind: 'added', collaborator: toView(row) };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const existing = await active(this.db, projectId).where('email', '=', input.email).executeTakeFirstOrThrow();
      return { kind: 'existing', collaborator: toView(existing) };
    }
  }

  /** The owner sets someone's role: it counts from their next request. Null: no such active collaborator. */
  async changeRole(
    projectId: number,
    collaboratorId: number,
    role: CollaboratorRole,
    actor: Actor & { side: 'studio' },
    now = new Date(),
  ): Promise<CollaboratorView | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await active(trx, projectId).where('id', '=', collaboratorId).executeTakeFirst();
      if (!row) return null;
      if (row.role === role) return toView(row);
      await trx.updateTable('projectCollaborators').set({ role }).where('id', '=', collaboratorId).execute();
      await recordActivity(trx, projectId, actor, { action: 'collaborator_role_changed', email: row.email, role }, now);
      return toView({ ...row, role });
    });
  }

  /**
   * Takes someone off the project (the owner, or the client who manages the people): their access
   * to it ends at once, and with no other project open to them, their sessions and links too.
   */
  async remove(projectId: number, collaboratorId: number, actor: Actor, now = new Date()): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await active(trx, projectId).where('id', '=', collaboratorId).executeTakeFirst();
      if (!row) return false;
      await trx.updateTable('projectCollaborators').set({ removedAt: now.toISOString() }).where('id', '=', collaboratorId).execute();
      await recordActivity(trx, projectId, actor, { action: 'collaborator_removed', email: row.email }, now);
      if (!(await hasPortalAccess(trx, row.email))) await endClientAccess(trx, row.email, now);
      return true;
    });
  }
}
