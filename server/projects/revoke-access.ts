import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { recordActivity, type Actor } from './activity.ts';
import { endClientAccess, hasPortalAccess } from './client-sessions.ts';

/**
 * Takes the project away from its client and their collaborators; whoever has no other project
 * open to them has their sessions ended.
 */
export async function revokeProjectAccess(
  db: Kysely<Database>,
  id: number,
  actor: Actor & { side: 'studio' },
  now = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('projects').select(['clientEmail', 'accessRevokedAt']).where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    if (!row.accessRevokedAt) {
      await trx.updateTable('projects').set({ accessRevokedAt: now.toISOString() }).where('id', '=', id).execute();
      await recordActivity(trx, id, actor, { action: 'access_revoked', email: row.clientEmail }, now);
    }
    const people = await trx
      .selectFrom('projectCollaborators')
      .select('email')
      .where('projectId', '=', id)
      .where('removedAt', 'is', null)
      .execute();
    for (const email of [row.clientEmail, ...people.map((person) => person.email)]) {
      if (!(await hasPortalAccess(trx, email))) await endClientAccess(trx, email, now);
    }
    return true;
  });
}
