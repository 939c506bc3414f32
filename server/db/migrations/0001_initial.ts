import type { Kysely } from 'kysely';
import { jsonType, timestampColumn, timestampType, withId } from './column-types.ts';

// The product's first tables: samples, contact submissions, admin users, sessions, reset tokens, rate limits.
// No `users` table: it belonged to a hosted login we do not use; the signed-in identity is the admin user.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('samples'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('artist', 'text')
    .addColumn('genre', 'text')
    .addColumn('description', 'text')
    .addColumn('audio_url', 'text', (col) => col.notNull())
    .addColumn('cover_image_url', 'text')
    .addColumn('duration', 'text')
    .addColumn('display_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('duration_seconds', 'real')
    .addColumn('peaks', 'text')
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('samples_display_order_idx').on('samples').columns(['display_order', 'created_at']).execute();

  await withId(db, db.schema.createTable('contact_submissions'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('new'))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('contact_submissions_created_at_idx').on('contact_submissions').column('created_at').execute();

  await withId(db, db.schema.createTable('admin_users'))
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('profile_image_url', 'text')
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('last_login', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('sid', 'text', (col) => col.primaryKey())
    .addColumn('sess', jsonType(db), (col) => col.notNull())
    .addColumn('expire', timestampType(db), (col) => col.notNull())
    .addColumn('admin_user_id', 'integer', (col) => col.references('admin_users.id').onDelete('cascade'))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('sessions_expire_idx').on('sessions').column('expire').execute();
  await db.schema.createIndex('sessions_admin_user_id_idx').on('sessions').column('admin_user_id').execute();

  await withId(db, db.schema.createTable('password_reset_tokens'))
    .addColumn('admin_user_id', 'integer', (col) => col.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', timestampType(db), (col) => col.notNull())
    .addColumn('used', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('reset_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset_at_idx').on('rate_limits').column('reset_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rate_limits', 'password_reset_tokens', 'sessions', 'admin_users', 'contact_submissions', 'samples']) {
    await db.schema.dropTable(table).execute();
  }
}
