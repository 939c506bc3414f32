import type { Kysely } from 'kysely';
import { timestampColumn, timestampType, withId } from './column-types.ts';

// Visitor statistics without cookies (issue 45, decision 106):
// - `insight_events`: one row per counted view, play or click, for 30 days. `visitor` is a keyed hash
//   of the day's salt with the address and browser: no address or user agent is stored, and a new
//   salt each day leaves nothing to join two days by.
// - `insight_salts`: the day's salt, shared by every instance, deleted once its day is over.
// - `insight_daily`: per day, kind and dimension (page, source, campaign...), the views and the
//   distinct visitors; kept for ever. `insight_rollups` says which days are rolled up.
// - `insight_settings`: one row, the owner's choices (counting on or off, Do Not Track honoured).
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('insight_events'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('occurred_at', timestampType(db), (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('visitor', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('referrer_domain', 'text')
    .addColumn('campaign', 'text')
    .addColumn('country', 'text')
    .addColumn('device', 'text', (col) => col.notNull())
    .addColumn('target', 'text')
    .addColumn('entry', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('insight_events_day_idx').on('insight_events').columns(['day', 'kind']).execute();
  await db.schema
    .createTable('insight_salts')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('salt', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('insight_daily')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('dimension', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull())
    .addColumn('visitors', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('insight_daily_pk', ['day', 'kind', 'dimension', 'value'])
    .execute();
  await db.schema
    .createTable('insight_rollups')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('rolled_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema
    .createTable('insight_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('counting', 'integer', (col) => col.notNull())
    .addColumn('honour_privacy_signals', 'integer', (col) => col.notNull())
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('insight_settings').execute();
  await db.schema.dropTable('insight_rollups').execute();
  await db.schema.dropTable('insight_daily').execute();
  await db.schema.dropTable('insight_salts').execute();
  await db.schema.dropTable('insight_events').execute();
}
