import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { createSignInLink, hasPortalAccess } from './client-sessions.ts';

/*
 * What billing reads and changes of a project (decision 097): its client, title, package and price
 * for the invoices, and the delivery lock. Handed to billing by server/services.ts, shaped as
 * billing asks (BillingProjects, server/billing/billing-projects.ts). Each takes the caller's
 * database or transaction: billing's change and what it reads here commit together.
 */
export const projectsForBilling = {
  async find(db: Kysely<Database>, projectId: number) {
    const row = await db
      .selectFrom('projects')
      .select(['title', 'clientName', 'clientEmail', 'packageTitle', 'price', 'deliveryLocked'])
      .where('id', '=', projectId)
      .executeTakeFirst();
    return row ? { ...row, deliveryLocked: row.deliveryLocked === 1 } : null;
  },

  async switchDeliveryLock(db: Kysely<Database>, projectId: number, locked: boolean): Promise<boolean> {
    const updated = await db
      .updateTable('projects')
      .set({ deliveryLocked: locked ? 1 : 0 })
      .where('id', '=', projectId)
      .where('deliveryLocked', '=', locked ? 0 : 1)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  },

  /** The invoice e-mails' sign-in link: the portal's own single-use link, only for a client with access. */
  async signInToken(db: Kysely<Database>, projectId: number): Promise<string | null> {
    const row = await db.selectFrom('projects').select('clientEmail').where('id', '=', projectId).executeTakeFirst();
    if (!row || !(await hasPortalAccess(db, row.clientEmail))) return null;
    return createSignInLink(db, row.clientEmail);
  },

  /** The project's engineers (admin ids), who hear of its money as the studio does (decision 121). */
  async engineerIds(db: Kysely<Database>, projectId: number): Promise<number[]> {
    const rows = await db.selectFrom('projectEngineers').select('adminUserId').where('projectId', '=', projectId).execute();
    return rows.map((row) => row.adminUserId);
  },

  async hasDeliveries(db: Kysely<Database>, projectId: number): Promise<boolean> {
    const delivery = await db
      .selectFrom('projectFiles')
      .select('id')
      .where('projectId', '=', projectId)
      .where('category', '=', 'delivery')
      .executeTakeFirst();
    return delivery !== undefined;
  },
};
