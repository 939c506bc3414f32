import type { Kysely } from 'kysely';
import type { ContactSubmissionData } from '#common/contact.ts';
import type { Database } from '#server/db/schema.ts';
import { isAcknowledgeableAddress, acknowledgementEnabled } from './acknowledgement.ts';

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
  /** Null until the owner opened it. */
  readAt: string | null;
}

export const SUBMISSION_COLUMNS = ['id', 'name', 'email', 'phone', 'message', 'status', 'readAt', 'createdAt'] as const;

/**
 * Stores the submission and its notices in one transaction: once this resolves all are committed,
 * so the visitor is told "sent" only for a message that survives a crash, and the owner (and, when
 * switched on, the visitor's acknowledgement) is mailed even if the process dies before sending.
 * The acknowledgement is decided here, once: switching it on later does not reach older messages.
 */
export async function storeContactSubmission(
  db: Kysely<Database>,
  data: ContactSubmissionData,
): Promise<{ receipt: SubmissionReceipt; noticeId: number; noticeIds: number[] }> {
  return db.transaction().execute(async (trx) => {
    const receipt = await trx
      .insertInto('contactSubmissions')
      .values({ name: data.name, email: data.email, phone: data.phone ?? null, message: data.message })
      .returning(['id', 'status', 'createdAt'])
      .executeTakeFirstOrThrow();
    const notice = await trx.insertInto('contactNotices').values({ submissionId: receipt.id }).returning('id').executeTakeFirstOrThrow();
    const noticeIds = [notice.id];
    if ((await acknowledgementEnabled(trx)) && isAcknowledgeableAddress(data.email)) {
      const ack = await trx
        .insertInto('contactNotices')
        .values({ submissionId: receipt.id, kind: 'acknowledgement' })
        .returning('id')
        .executeTakeFirstOrThrow();
      noticeIds.push(ack.id);
    }
    return { receipt, noticeId: notice.id, noticeIds };
  });
}

/** The inbox (kept spam is not in it: server/contact/spam.ts), newest first, as the owner reads them. */
export async function listContactSubmissions(db: Kysely<Database>): Promise<ContactSubmissionView[]> {
  return db
    .selectFrom('contactSubmissions')
    .select(SUBMISSION_COLUMNS)
    .where('spamReason', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
