import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/** A project's engineers as stored: admin ids, the lead first. */
export interface AssignedEngineer {
  adminUserId: number;
  lead: boolean;
}

/**
 * Who of the staff works on which project (issue 43). The people themselves are auth's: this keeps
 * only their ids; a flow checks that an id is someone who may be assigned (server/flows/assign-engineers.ts).
 */
export class ProjectEngineers {
  constructor(private readonly db: Kysely<Database>) {}

  async of(projectId: number): Promise<AssignedEngineer[]> {
    const rows = await this.db
      .selectFrom('projectEngineers')
      .select(['adminUserId', 'lead'])
      .where('projectId', '=', projectId)
      .orderBy('lead', 'desc')
      .orderBy('assignedAt')
      .orderBy('adminUserId')
      .execute();
    return rows.map((row) => ({ adminUserId: row.adminUserId, lead: row.lead === 1 }));
  }

  /** Replaces the project's engineers (the first is the lead) in one transaction; false when there is no such project. */
  async set(projectId: number, adminUserIds: readonly number[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const project = await trx.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst();
      if (!project) return false;
      const kept = await trx
        .selectFrom('projectEngineers')
        .select(['adminUserId', 'assignedAt'])
        .where('projectId', '=', projectId)
        .execute();
      const since = new Map(kept.map((row) => [row.adminUserId, row.assignedAt]));
      await trx.deleteFrom('projectEngineers').where('projectId', '=', projectId).execute();
      const now = new Date().toISOString();
      if (adminUserIds.length > 0) {
        await trx
          .insertInto('projectEngineers')
          .values(
            adminUserIds.map((id, index) => ({ projectId, adminUserId: id, lead: index === 0 ? 1 : 0, assignedAt: since.get(id) ?? now })),
          )
          .execute();
      }
      return true;
    });
  }

  /** The projects this person works on. */
  async projectIdsOf(adminUserId: number): Promise<Set<number>> {
    const rows = await this.db.selectFrom('projectEngineers').select('projectId').where('adminUserId', '=', adminUserId).execute();
    return new Set(rows.map((row) => row.projectId));
  }

  async isAssigned(projectId: number, adminUserId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('projectEngineers')
      .select('projectId')
      .where('projectId', '=', projectId)
      .where('adminUserId', '=', adminUserId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
