import type { Kysely } from 'kysely';
import { timestampType } from './column-types.ts';

// The admin's trash (docs/decisions/047-sample-trash-and-play-counts.md): a deleted sample keeps its
// row, order and audio with `deleted_at` set, and is removed for good 30 days later. Play counts are
// one row per sample and UTC day, nothing about the listener.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('samples').addColumn('deleted_at', timestampType(db)).execute();
  await db.schema.createIndex('samples_deleted_at_idx').on('samples').column('deleted_at').execute();

  await db.schema
    .createTable('sample_plays_daily')
    .addColumn('sample_id', 'integer', (col) => col.notNull().references('samples.id').onDelete('cascade'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sample_plays_daily_pk', ['sample_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sample_plays_daily').execute();
  await db.schema.dropIndex('samples_deleted_at_idx').execute();
  await db.schema.alterTable('samples').dropColumn('deleted_at').execute();
}
