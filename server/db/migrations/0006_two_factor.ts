import type { Kysely } from 'kysely';
import { timestampColumn, timestampType, withId } from './column-types.ts';

// Two-factor login (docs/decisions/041-two-factor-login.md). One row per admin who started or
// finished enrolment; `confirmed_at` is null until a code from the app proved the secret was taken.
// `secret` is sealed with a key derived from SESSION_SECRET; `last_used_step` refuses a code's replay.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_two_factor')
    .addColumn('admin_user_id', 'integer', (col) => col.primaryKey().references('admin_users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', timestampType(db))
    .addColumn('last_used_step', 'bigint')
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();

  // Only a keyed hash of each code is stored; `used_at` makes each one work once.
  await withId(db, db.schema.createTable('admin_recovery_codes'))
    .addColumn('admin_user_id', 'integer', (col) => col.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema
    .createIndex('admin_recovery_codes_admin_code_idx')
    .on('admin_recovery_codes')
    .columns(['admin_user_id', 'code_hash'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_recovery_codes').execute();
  await db.schema.dropTable('admin_two_factor').execute();
}
