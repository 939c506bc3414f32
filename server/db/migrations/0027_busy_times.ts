import type { Kysely } from 'kysely';
import { timestampType, withId } from './column-types.ts';

// The owner's busy times as stored intervals (hardening round three, docs/decisions/094-hardening-round-three.md):
// - `booking_busy_times`: the last good copy of the calendar feed, expanded over the booking horizon
//   off the event loop when it is fetched. A slot list reads the few rows of its span by `start_at`;
//   no visitor's request ever expands a recurrence.
// - `booking_feed.expanded_*`: when, over what window and in which studio zone the copy was expanded
//   (a later horizon or zone is expanded again by the background task), and how many spans it gave.
// - `booking_settings.feed_private_allowed`: the owner allowed the feed's address to be on a private
//   network (refused otherwise, after every name resolution and redirect).
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('booking_busy_times'))
    .addColumn('start_at', timestampType(db), (col) => col.notNull())
    .addColumn('end_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('booking_busy_times_start_idx').on('booking_busy_times').column('start_at').execute();
  await db.schema.alterTable('booking_feed').addColumn('expanded_at', timestampType(db)).execute();
  await db.schema.alterTable('booking_feed').addColumn('expanded_from', timestampType(db)).execute();
  await db.schema.alterTable('booking_feed').addColumn('expanded_until', timestampType(db)).execute();
  await db.schema.alterTable('booking_feed').addColumn('expanded_zone', 'text').execute();
  await db.schema
    .alterTable('booking_feed')
    .addColumn('busy_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('booking_settings')
    .addColumn('feed_private_allowed', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('booking_settings').dropColumn('feed_private_allowed').execute();
  for (const column of ['busy_count', 'expanded_zone', 'expanded_until', 'expanded_from', 'expanded_at']) {
    await db.schema.alterTable('booking_feed').dropColumn(column).execute();
  }
  await db.schema.dropTable('booking_busy_times').execute();
}
