import type { Kysely } from 'kysely';

// A project started from the site (issue 40; docs/decisions/115-self-serve-start.md) is a proposal
// the visitor asked for: `proposals.request_note` holds what they wrote with it (empty when they
// wrote nothing), and is null for a proposal the owner made.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('proposals').addColumn('request_note', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('proposals').dropColumn('request_note').execute();
}
