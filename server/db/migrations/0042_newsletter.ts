import type { Kysely } from 'kysely';
import { timestampColumn, timestampType, withId } from './column-types.ts';

// The newsletter list (issue 44, docs/decisions/118-announcement-and-newsletter.md): one row per
// address, `pending` until its confirmation link is opened, `unsubscribed` after its one-click link.
// The confirmation token is kept as its SHA-256 only; the unsubscribe token is kept as it is, since
// every later e-mail (and the owner's CSV) must carry it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('newsletter_subscribers'))
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('confirm_token_hash', 'text', (col) => col.unique())
    .addColumn('unsubscribe_token', 'text', (col) => col.notNull().unique())
    .addColumn('confirmed_at', timestampType(db))
    .addColumn('unsubscribed_at', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_subscribers').execute();
}
