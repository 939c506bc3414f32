import { sql, type Kysely } from 'kysely';
import { timestampColumn, timestampType } from './column-types.ts';

// Limits on how many upcoming consultations one person may hold (server/booking/booking-holders.ts):
// - `bookings.email_key`: the e-mail address lower-case and trimmed, what the per-address limit
//   counts by; the bookings kept until now get theirs from their address.
// - `bookings.client_key`: a keyed hash of the client address (IPv6 by its /64) the booking came
//   from; null for the bookings kept until now, whose address was never recorded.
// - `booking_holders`: one lock row per holder (hashed), taken before a booking counts what its
//   holder holds, so two bookings by one person at once are counted one after the other.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('email_key', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('client_key', 'text').execute();
  await sql`update bookings set email_key = lower(trim(email))`.execute(db);
  await db.schema.createIndex('bookings_email_key_idx').on('bookings').columns(['email_key', 'status', 'start_at']).execute();
  await db.schema.createIndex('bookings_client_key_idx').on('bookings').columns(['client_key', 'status', 'start_at']).execute();
  await db.schema
    .createTable('booking_holders')
    .addColumn('holder', 'text', (col) => col.primaryKey())
    .addColumn('locked_at', timestampType(db), timestampColumn(db))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_holders').execute();
  await db.schema.dropIndex('bookings_client_key_idx').execute();
  await db.schema.dropIndex('bookings_email_key_idx').execute();
  await db.schema.alterTable('bookings').dropColumn('client_key').execute();
  await db.schema.alterTable('bookings').dropColumn('email_key').execute();
}
