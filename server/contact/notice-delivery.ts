import type { Services } from '#server/context.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { composeAcknowledgement, isAcknowledgeableAddress, readAcknowledgementSettings } from './acknowledgement.ts';
import { composeOwnerNotice, studioInbox } from './owner-notice.ts';

/** How often unsent notices are looked at. */
export const NOTICE_RETRY_INTERVAL_MS = 60_000;
/** A send in progress holds its notice this long, so another instance or tick does not send it twice. */
const SEND_LEASE_MS = 2 * 60_000;
const FIRST_RETRY_MS = 30_000;
/** A mail server that stays down is still tried hourly: a message is never given up on. */
const MAX_RETRY_MS = 60 * 60_000;
const BATCH_SIZE = 25;

export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export type DeliveryResult = 'sent' | 'failed' | 'skipped';

type NoticeServices = Pick<Services, 'db' | 'mailer' | 'logger' | 'config' | 'studioIdentity'>;

/**
 * Sends one notice if it is due and nobody else holds it. The claim is a conditional update, so on
 * several instances (or a retry tick racing the first attempt) exactly one sends it.
 */
export async function deliverNotice(services: NoticeServices, noticeId: number, now = new Date()): Promise<DeliveryResult> {
  const { db, mailer, logger, config, studioIdentity } = services;
  const nowIso = now.toISOString();
  const claimed = await db
    .updateTable('contactNotices')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MS).toISOString() }))
    .where('id', '=', noticeId)
    .where('sentAt', 'is', null)
    .where('nextAttemptAt', '<=', nowIso)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return 'skipped';

  const row = await db
    .selectFrom('contactNotices')
    .innerJoin('contactSubmissions', 'contactSubmissions.id', 'contactNotices.submissionId')
    .select([
      'contactNotices.attempts',
      'contactNotices.kind',
      'contactSubmissions.id',
      'contactSubmissions.name',
      'contactSubmissions.email',
      'contactSubmissions.phone',
      'contactSubmissions.message',
      'contactSubmissions.status',
      'contactSubmissions.createdAt',
    ])
    .where('contactNotices.id', '=', noticeId)
    .executeTakeFirst();
  // The submission was deleted meanwhile (the notice cascades away with it): nothing to tell.
  if (!row) return 'skipped';

  const { attempts, kind, ...submission } = row;
  // Stored submissions passed the form's rules; this guards rows that arrived any other way.
  if (kind === 'acknowledgement' && !isAcknowledgeableAddress(submission.email)) {
    await db.deleteFrom('contactNotices').where('id', '=', noticeId).execute();
    logger.warn({ noticeId, submissionId: submission.id }, 'acknowledgement dropped: the address does not pass validation');
    return 'skipped';
  }
  try {
    // Read at sending time, inside the retry: a notice says what the studio is called when it goes out.
    const studio = await studioIdentity();
    const to = studioInbox(config, studio);
    let message: MailMessage;
    if (kind === 'acknowledgement') {
      const { text } = await readAcknowledgementSettings(db, studio.name);
      message = composeAcknowledgement(submission.email, text, { name: studio.name, replyTo: to });
    } else {
      message = composeOwnerNotice(submission, { to, publicUrl: config.PUBLIC_URL, studioName: studio.name });
    }
    await mailer.send(message);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const retryAt = new Date(now.getTime() + retryDelayMs(attempts));
    await db
      .updateTable('contactNotices')
      .set({ lastError: reason.slice(0, 500), nextAttemptAt: retryAt.toISOString() })
      .where('id', '=', noticeId)
      .execute();
    logger.warn({ err: error, noticeId, kind, submissionId: submission.id, attempts, retryAt }, 'contact notice not sent; will retry');
    return 'failed';
  }
  await db.updateTable('contactNotices').set({ sentAt: new Date().toISOString(), lastError: null }).where('id', '=', noticeId).execute();
  return 'sent';
}

/** Sends every notice that is due (unsent, and its back-off has passed). */
export async function retryDueNotices(services: NoticeServices, now = new Date()): Promise<Record<DeliveryResult, number>> {
  const totals: Record<DeliveryResult, number> = { sent: 0, failed: 0, skipped: 0 };
  for (;;) {
    const due = await services.db
      .selectFrom('contactNotices')
      .select('id')
      .where('sentAt', 'is', null)
      .where('nextAttemptAt', '<=', now.toISOString())
      .orderBy('nextAttemptAt')
      .orderBy('id')
      .limit(BATCH_SIZE)
      .execute();
    for (const { id } of due) totals[await deliverNotice(services, id, now)] += 1;
    // A claimed or failed notice moves its next attempt past `now`, so every pass makes progress.
    if (due.length < BATCH_SIZE) return totals;
  }
}

/** The e-mails (owner notices and acknowledgements) still waiting to go out (the metrics endpoint reports it; the index makes it cheap). */
export async function countUnsentNotices(db: NoticeServices['db']): Promise<number> {
  const row = await db
    .selectFrom('contactNotices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('sentAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Start-up and periodic task: sends what a crash or a mail outage left behind. Returns the timer
 * so shutdown can stop it.
 */
export function startNoticeRetries(services: NoticeServices, intervalMs = NOTICE_RETRY_INTERVAL_MS): NodeJS.Timeout {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const totals = await retryDueNotices(services);
      if (totals.sent + totals.failed > 0) services.logger.info(totals, 'contact notices retried');
    } catch (error) {
      services.logger.error({ err: error }, 'contact notice retry failed');
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return timer;
}
