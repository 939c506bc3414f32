import type { Kysely } from 'kysely';
import { jsonType, timestampColumn, timestampType, withId } from './column-types.ts';

// Proposals the client accepts, signs and pays the deposit of (issue 40; docs/decisions/114-proposals.md):
// - `proposals`: the owner's document: the client, songs × a package, extras and options (JSON),
//   tax, discount, the plan's terms, a message and an expiry; its secret link's hash once sent; what
//   it was made from (a booking, an enquiry, a project) and the project its acceptance made; the
//   agreement's text as it was sent.
// - `proposal_signatures`: one per accepted proposal (its unique key is what makes a second
//   acceptance a 409): the typed name, the time, the address, the user agent, the exact agreement
//   text shown and its SHA-256, the options chosen and the total agreed.
// - `proposal_templates`: a typical proposal per package, to start the next one from.
// - `proposal_emails`: the proposal's e-mails, sent at least once (server/email/retried-mail.ts): the
//   link to the client when sent, and on acceptance the signed copy to the client and the notice to
//   the studio; one per proposal, kind and `subject` (a resend is a subject of its own).
// - `payment_plans.price_cents`, `.tax_rate`, `.label`: a plan set by a proposal splits its exact
//   amount in cents (not the project's whole-dollar price) and taxes its invoices at its rate.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('proposals'))
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('draft'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('client_name', 'text', (col) => col.notNull())
    .addColumn('client_email', 'text', (col) => col.notNull())
    .addColumn('artist_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('package_key', 'text', (col) => col.notNull())
    .addColumn('songs', 'integer', (col) => col.notNull())
    .addColumn('extras', jsonType(db), (col) => col.notNull())
    .addColumn('options', jsonType(db), (col) => col.notNull())
    .addColumn('deposit_percent', 'integer', (col) => col.notNull())
    .addColumn('balance_due', jsonType(db), (col) => col.notNull())
    .addColumn('deposit_gates_uploads', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('tax_rate', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('discount_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('expires_on', 'text')
    .addColumn('booking_id', 'integer', (col) => col.references('bookings.id').onDelete('set null'))
    .addColumn('contact_submission_id', 'integer', (col) => col.references('contact_submissions.id').onDelete('set null'))
    .addColumn('project_id', 'integer', (col) => col.references('projects.id').onDelete('set null'))
    .addColumn('accepted_project_id', 'integer', (col) => col.references('projects.id').onDelete('set null'))
    // The client's link is a keyed hash of the proposal and this nonce: the owner's view makes it again,
    // the database holds only the nonce and the link's SHA-256 (what a visit is looked up by).
    .addColumn('link_nonce', 'text')
    .addColumn('token_hash', 'text', (col) => col.unique())
    // The agreement as it reads when sent: what the client reads and, accepted, signs.
    .addColumn('agreement_text', 'text')
    .addColumn('sent_at', timestampType(db))
    .addColumn('first_viewed_at', timestampType(db))
    .addColumn('view_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('accepted_at', timestampType(db))
    .addColumn('withdrawn_at', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('proposals_state').on('proposals').columns(['state', 'updated_at']).execute();

  await db.schema
    .createTable('proposal_signatures')
    .addColumn('proposal_id', 'integer', (col) => col.primaryKey().references('proposals.id').onDelete('cascade'))
    .addColumn('signature_name', 'text', (col) => col.notNull())
    .addColumn('signed_at', timestampType(db), (col) => col.notNull())
    .addColumn('ip_address', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text', (col) => col.notNull())
    .addColumn('agreement_title', 'text', (col) => col.notNull())
    .addColumn('agreement_text', 'text', (col) => col.notNull())
    .addColumn('agreement_sha256', 'text', (col) => col.notNull())
    .addColumn('option_keys', jsonType(db), (col) => col.notNull())
    .addColumn('quote', jsonType(db), (col) => col.notNull())
    .addColumn('total_cents', 'bigint', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('proposal_templates'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('package_key', 'text', (col) => col.notNull())
    .addColumn('body', jsonType(db), (col) => col.notNull())
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .addColumn('updated_at', timestampType(db), timestampColumn(db))
    .execute();

  await withId(db, db.schema.createTable('proposal_emails'))
    .addColumn('proposal_id', 'integer', (col) => col.notNull().references('proposals.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull().unique())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestampType(db), (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', timestampType(db))
    .addColumn('created_at', timestampType(db), timestampColumn(db))
    .execute();
  await db.schema.createIndex('proposal_emails_due_idx').on('proposal_emails').columns(['sent_at', 'next_attempt_at']).execute();

  await db.schema.alterTable('payment_plans').addColumn('price_cents', 'bigint').execute();
  await db.schema
    .alterTable('payment_plans')
    .addColumn('tax_rate', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('payment_plans').addColumn('label', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_plans').dropColumn('label').execute();
  await db.schema.alterTable('payment_plans').dropColumn('tax_rate').execute();
  await db.schema.alterTable('payment_plans').dropColumn('price_cents').execute();
  await db.schema.dropTable('proposal_emails').execute();
  await db.schema.dropTable('proposal_templates').execute();
  await db.schema.dropTable('proposal_signatures').execute();
  await db.schema.dropTable('proposals').execute();
}
