import { sql, type Kysely } from 'kysely';
import { timestampColumn, timestampType, withId } from './column-types.ts';

// The studio's team (issue 43, docs/decisions/107-staff-roles-one-table.md):
// - `admin_users.role`: owner, engineer or assistant (common/staff-roles.ts). Every admin there
//   was until now could do everything: they become owners, and so does a row added without a role
//   (the first-run admin, `npm run admin -- create`).
// - `admin_users.joined_at`: when the person chose their username and password; null while an
//   invitation waits. Everyone already here has joined (at their creation).
// - `admin_users.removed_at`: removed from the staff. The row stays, so what they made is still
//   credited to them; they no longer sign in or appear in the staff list.
// - `staff_invitations`: the e-mailed link's hash, single use, 72 hours (server/auth/staff-invitations.ts).
// - `project_engineers`: who works on a project; `lead` marks the lead engineer (one per project).
//   The project's deletion takes its rows; a person's removal does not (they stay credited).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('admin_users')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('owner'))
    .execute();
  await db.schema.alterTable('admin_users').addColumn('joined_at', timestampType(db)).execute();
  await db.schema.alterTable('admin_users').addColumn('removed_at', timestampType(db)).execute();
  await sql`update admin_users set joined_at = created_at`.execute(db);
  await withId(db, db.schema.createTable('staff_invitations'))
    .addColumn('admin_user_id', 'integer', (col) => col.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', timestampType(db), (col) => col.notNull())
    .addColumn('used', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema
    .createTable('project_engineers')
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('admin_user_id', 'integer', (col) => col.notNull().references('admin_users.id'))
    .addColumn('lead', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('assigned_at', timestampType(db), timestampColumn(db))
    .addPrimaryKeyConstraint('project_engineers_pkey', ['project_id', 'admin_user_id'])
    .execute();
  await db.schema.createIndex('project_engineers_admin_idx').on('project_engineers').column('admin_user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_engineers').execute();
  await db.schema.dropTable('staff_invitations').execute();
  await db.schema.alterTable('admin_users').dropColumn('removed_at').execute();
  await db.schema.alterTable('admin_users').dropColumn('joined_at').execute();
  await db.schema.alterTable('admin_users').dropColumn('role').execute();
}
