import type { Kysely } from 'kysely';
import { timestampColumn, timestampType } from './column-types.ts';

// The team's notices and booking assignment (issue 43, docs/decisions/121-team-notices.md):
// - `staff_notice_opt_outs`: the kinds of notice a person turned off (no row: they get it).
// - `project_emails.staff_id`: a studio notice's copy for one of the project's engineers; null: the
//   studio's address, the client or a collaborator as before.
// - `billing_notices.staff_id`: the same for a payment, refund or dispute.
// - `bookings.assignee_id`: the team member a booking is assigned to; null: nobody in particular.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_notice_opt_outs')
    .addColumn('admin_user_id', 'integer', (col) => col.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .addPrimaryKeyConstraint('staff_notice_opt_outs_pk', ['admin_user_id', 'kind'])
    .execute();
  await db.schema.alterTable('project_emails').addColumn('staff_id', 'integer').execute();
  await db.schema.alterTable('billing_notices').addColumn('staff_id', 'integer').execute();
  await db.schema.alterTable('bookings').addColumn('assignee_id', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('assignee_id').execute();
  await db.schema.alterTable('billing_notices').dropColumn('staff_id').execute();
  await db.schema.alterTable('project_emails').dropColumn('staff_id').execute();
  await db.schema.dropTable('staff_notice_opt_outs').execute();
}
