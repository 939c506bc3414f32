import type { Kysely } from 'kysely';
import type { ContactSubmissionData } from '#common/contact.ts';
import type { Database } from '#server/db/schema.ts';

/** What POST /api/contact answers: enough to refer to the message, nothing more. */
export interface SubmissionReceipt {
  id: number;
  status: string;
  createdAt: string;
}

export interface ContactSubmissionView extends SubmissionReceipt {
  name: string;
  email: string;
  phone: string | null;
  message: string;
}

/**
 * Stores the submission and its owner notice in one transaction: once this resolves both are
 * committed, so the visitor is told "sent" only for a message that survives a crash, and the owner
 * hears about it even if the process dies before the e-mail goes out.
 */
export async function storeContactSubmission(
  db: Kysely<Database>,
  data: ContactSubmissionData,
): Promise<{ receipt: SubmissionReceipt; noticeId: number }> {
  return db.transaction().execute(async (trx) => {
    const receipt = await trx
      .insertInto('contactSubmissions')
      .values({ name: data.name, email: data.email, phone: data.phone ?? null, message: data.message })
      .returning(['id', 'status', 'createdAt'])
      .executeTakeFirstOrThrow();
    const notice = await trx.insertInto('contactNotices').values({ submissionId: receipt.id }).returning('id').executeTakeFirstOrThrow();
    return { receipt, noticeId: notice.id };
  });
}

/** Newest first, as the owner reads them. */
export async function listContactSubmissions(db: Kysely<Database>): Promise<ContactSubmissionView[]> {
  return db
    .selectFrom('contactSubmissions')
    .select(['id', 'name', 'email', 'phone', 'message', 'status', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A believable receipt for a bot, so it cannot tell it was caught (nothing is stored). */
export async function decoyReceipt(db: Kysely<Database>, now: Date): Promise<SubmissionReceipt> {
  const row = await db
    .selectFrom('contactSubmissions')
    .select((eb) => eb.fn.max('id').as('maxId'))
    .executeTakeFirst();
  return { id: Number(row?.maxId ?? 0) + 1, status: 'new', createdAt: now.toISOString() };
}
