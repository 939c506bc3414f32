import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { timestampColumn, timestampType } from './column-types.ts';

// Sessions per person and required two-factor (issue 43, docs/decisions/117-sessions-per-person.md):
// - `sessions.public_id`: the id the sessions list and DELETE /api/admin/sessions/{id} use. The
//   primary key is a hash of the cookie's token; it stays inside the server.
// - `sessions.user_agent`: the browser's name as it signed in (cut short), shown as "Chrome on macOS".
// - `sessions.address`: the address it signed in from, shortened as the review-link log does.
// - `staff_role_settings`: per role, whether two-factor is required (no row: not required).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('public_id', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('address', 'text').execute();
  // The sessions open at the upgrade stay open: each gets an id of its own.
  const open = await sql<{ sid: string }>`select sid from sessions`.execute(db);
  for (const { sid } of open.rows) {
    await sql`update sessions set public_id = ${randomBytes(12).toString('base64url')} where sid = ${sid}`.execute(db);
  }
  await db.schema.createIndex('sessions_public_id_idx').on('sessions').column('public_id').unique().execute();
  await db.schema
    .createTable('staff_role_settings')
    .addColumn('role', 'text', (col) => col.primaryKey())
    .addColumn('two_factor_required', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_role_settings').execute();
  await db.schema.dropIndex('sessions_public_id_idx').execute();
  await db.schema.alterTable('sessions').dropColumn('address').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('sessions').dropColumn('public_id').execute();
}
