import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/*
 * What the other capabilities may know of the enquiries, answered here because contact owns the
 * table (decision 097): the owner's booking list links a booking to the latest enquiry from its
 * address, and a project made from an enquiry takes it up (server/flows/start-project.ts). A
 * message in the spam folder is not an enquiry yet: the owner moves it to the inbox first.
 */

/** The latest enquiry (not spam) from each address, by the address in lower case. */
export async function latestEnquiryIds(db: Kysely<Database>, emails: readonly string[]): Promise<Map<string, number>> {
  const latest = new Map<string, number>();
  const addresses = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (addresses.length === 0) return latest;
  const enquiries = await db
    .selectFrom('contactSubmissions')
    .select(['id', 'email'])
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', addresses))
    .where('spamReason', 'is', null)
    .orderBy('id', 'asc')
    .execute();
  for (const enquiry of enquiries) latest.set(enquiry.email.toLowerCase(), enquiry.id);
  return latest;
}

/** Marks the enquiry as being worked on, in the caller's transaction; false when there is no such enquiry (or it is spam). */
export async function takeUpEnquiry(db: Kysely<Database>, id: number, at: string): Promise<boolean> {
  const linked = await db
    .updateTable('contactSubmissions')
    .set({ status: 'in_progress', updatedAt: at })
    .where('id', '=', id)
    .where('spamReason', 'is', null)
    .executeTakeFirst();
  return Number(linked.numUpdatedRows) > 0;
}

/** Whether an enquiry (not spam) exists: a proposal may be made from it. */
export async function enquiryExists(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('contactSubmissions')
    .select('id')
    .where('id', '=', id)
    .where('spamReason', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
