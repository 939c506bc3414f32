import type { MailingServices } from '#server/core-services.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { claimForSending, deliverDue, markFailed, markSent, retryDelayMs, type DeliveryResult } from '#server/email/retried-mail.ts';
import { composeAcknowledgement, isAcknowledgeableAddress, readAcknowledgementSettings } from './acknowledgement.ts';
import { composeOwnerNotice } from './owner-notice.ts';

/** How often unsent notices are looked at. */
export const NOTICE_RETRY_INTERVAL_MS = 60_000;
export { retryDelayMs, type DeliveryResult };

/**
 * Sends one notice if it is due and nobody else holds it. The claim is a conditional update, so on
 * several instances (or a retry tick racing the first attempt) exactly one sends it.
 */
export async function deliverNotice(services: MailingServices, noticeId: number, now = new Date()): Promise<DeliveryResult> {
  const { db, mailer, logger, config, studioIdentity } = services;
  if (!(await claimForSending(db, 'contactNotices', noticeId, now))) return 'skipped';

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
    // The one studio address (server/email/studio-inbox.ts), already resolved by studioIdentity.
    const to = studio.email;
    let message: MailMessage;
    if (kind === 'acknowledgement') {
      const { text } = await readAcknowledgementSettings(db, studio);
      message = composeAcknowledgement(submission.email, text, { name: studio.name, replyTo: to });
    } else {
      message = composeOwnerNotice(submission, { to, publicUrl: config.PUBLIC_URL, studioName: studio.name, timeZone: studio.timeZone });
    }
    await mailer.send(message);
  } catch (error) {
    const retryAt = await markFailed(db, 'contactNotices', noticeId, error, attempts, now);
    logger.warn({ err: error, noticeId, kind, submissionId: submission.id, attempts, retryAt }, 'contact notice not sent; will retry');
    return 'failed';
  }
  await markSent(db, 'contactNotices', noticeId, new Date());
  return 'sent';
}

/** Sends every notice that is due (unsent, and its back-off has passed). */
export function retryDueNotices(services: MailingServices, now = new Date()): Promise<Record<DeliveryResult, number>> {
  return deliverDue(services.db, 'contactNotices', (id) => deliverNotice(services, id, now), now);
}

/** The e-mails (owner notices and acknowledgements) still waiting to go out (the metrics endpoint reports it; the index makes it cheap). */
export async function countUnsentNotices(db: MailingServices['db']): Promise<number> {
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
export function startNoticeRetries(services: MailingServices, intervalMs = NOTICE_RETRY_INTERVAL_MS): NodeJS.Timeout {
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
