import { sql, type Kysely } from 'kysely';
import { jsonType, timestampColumn, timestampType, withId } from './column-types.ts';

// Booking the free consultation (docs/decisions/091-booking-slots-in-the-studio-zone.md):
// - `bookings`: one consultation a visitor booked. Its start is unique among confirmed bookings, and
//   only hashes of its cancel and reschedule tokens are kept.
// - `booking_days`: one row per studio date that has had a booking. A booking locks its day's row
//   before it reads the day's bookings, so two visitors taking the same slot at the same moment are
//   served one after the other on PostgreSQL too (SQLite has one writer anyway).
// - `booking_settings`: the owner's types, week and dates off (one row), with the calendar feed's
//   address and the subscription token sealed like the two-factor secrets.
// - `booking_feed`: the last good copy of the owner's calendar feed and the last error (one row).
// - `booking_emails`: every e-mail about a booking (to the visitor or the studio), sent at least once
//   like the project e-mails; one row per booking, kind and invitation sequence, so an event is never
//   queued twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('bookings'))
    .addColumn('type_key', 'text', (col) => col.notNull())
    .addColumn('type_name', 'text', (col) => col.notNull())
    .addColumn('meeting', 'text', (col) => col.notNull())
    .addColumn('place', 'text', (col) => col.notNull())
    .addColumn('start_at', timestampType(db), (col) => col.notNull())
    .addColumn('end_at', timestampType(db), (col) => col.notNull())
    .addColumn('buffer_before_minutes', 'integer', (col) => col.notNull())
    .addColumn('buffer_after_minutes', 'integer', (col) => col.notNull())
    .addColumn('studio_date', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('confirmed'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('note', 'text')
    .addColumn('visitor_zone', 'text', (col) => col.notNull())
    .addColumn('ics_uid', 'text', (col) => col.notNull().unique())
    .addColumn('ics_sequence', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cancel_token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('reschedule_token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('owner_notes', 'text')
    .addColumn('cancelled_at', timestampType(db))
    .addColumn('cancelled_by', 'text')
    .addColumn('cancel_message', 'text')
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema
    .createIndex('bookings_confirmed_start_idx')
    .on('bookings')
    .column('start_at')
    .unique()
    .where(sql.ref('status'), '=', 'confirmed')
    .execute();
  await db.schema.createIndex('bookings_studio_date_idx').on('bookings').columns(['studio_date', 'status']).execute();
  await db.schema.createIndex('bookings_email_idx').on('bookings').column('email').execute();

  await db.schema
    .createTable('booking_days')
    .addColumn('studio_date', 'text', (col) => col.primaryKey())
    .addColumn('locked_at', timestampType(db), timestampColumn(db))
    .execute();

  await db.schema
    .createTable('booking_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('data', jsonType(db), (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('feed_url_sealed', 'text')
    .addColumn('calendar_token_sealed', 'text')
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .execute();

  await db.schema
    .createTable('booking_feed')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('body', 'text')
    .addColumn('fetched_at', timestampType(db))
    .addColumn('attempted_at', timestampType(db))
    .addColumn('error', 'text')
    .execute();

  await withId(db, db.schema.createTable('booking_emails'))
    .addColumn('booking_id', 'integer', (col) => col.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('sequence', 'integer', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestampType(db), (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .addUniqueConstraint('booking_emails_once', ['booking_id', 'kind', 'sequence'])
    .execute();
  await db.schema.createIndex('booking_emails_due_idx').on('booking_emails').columns(['sent_at', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_emails').execute();
  await db.schema.dropTable('booking_feed').execute();
  await db.schema.dropTable('booking_settings').execute();
  await db.schema.dropTable('booking_days').execute();
  await db.schema.dropTable('bookings').execute();
}
