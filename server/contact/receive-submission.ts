import { CONTACT_HONEYPOT_FIELD, CONTACT_FORM_TOKEN_FIELD, validateContactSubmission, type ContactFieldErrors } from '#common/contact.ts';
import type { MailingServices } from '#server/core-services.ts';
import { hitRateLimit } from '#server/rate-limits/rate-limit.ts';
import type { SpamReason } from '#common/contact-spam.ts';
import { caughtAsSpam } from '#server/cookies/form-token.ts';
import { deliverNotice } from './notice-delivery.ts';
import { keepsSpamFrom, storeSpamSubmission, unkeptReceipt } from './spam.ts';
import { storeContactSubmission, type SubmissionReceipt } from './submissions.ts';

export const CONTACT_RATE_WINDOW_MS = 10 * 60_000;

export type ContactOutcome =
  | { kind: 'invalid'; errors: ContactFieldErrors }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  /** `notified` settles when the first attempt at each e-mail (owner, acknowledgement) is over (tests wait; the visitor never does). */
  | { kind: 'stored'; receipt: SubmissionReceipt; notified: Promise<void> }
  /**
   * Caught by the spam checks: stored in the spam folder (`kept`; not when this address already
   * filled its daily share), nothing mailed. Its receipt is like a person's, so a bot learns nothing.
   */
  | { kind: 'spam'; receipt: SubmissionReceipt; reason: SpamReason; kept: boolean };

export interface ContactIntake {
  /** The contact fields plus the honeypot (and, from older pages or scripts, a render token), as sent. */
  body: unknown;
  /** The form stamp cookie's value (server/cookies/form-stamp.ts), when the browser sent one. */
  formStamp?: string;
  /** The client address, for the per-IP limit. */
  ip: string;
  now?: Date;
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}

/**
 * The one path every contact message takes, from the JSON API and from the no-JavaScript page form:
 * validate -> per-IP limit -> spam checks -> store (committed) -> notify the owner in the background.
 * What the checks catch is stored too, in the spam folder, after the same limit (a flood is refused
 * before it reaches the database), and nobody is mailed about it.
 */
export async function receiveContactSubmission(services: MailingServices, intake: ContactIntake): Promise<ContactOutcome> {
  const now = intake.now ?? new Date();
  const validation = validateContactSubmission(intake.body);
  if (!validation.success) return { kind: 'invalid', errors: validation.errors };

  // Only well-formed messages count, so a person fixing typos without JavaScript is not locked out.
  const limit = await hitRateLimit(
    services.db,
    { key: `contact:ip:${intake.ip}`, limit: services.config.CONTACT_RATE_LIMIT, windowMs: CONTACT_RATE_WINDOW_MS },
    now,
  );
  if (!limit.allowed) return { kind: 'rate-limited', retryAfterSeconds: limit.retryAfterSeconds };

  const honeypot = field(intake.body, CONTACT_HONEYPOT_FIELD);
  // A token in the body wins (scripts that fetched one); the site's own form relies on its stamp cookie.
  const token = field(intake.body, CONTACT_FORM_TOKEN_FIELD) || intake.formStamp;
  const reason = caughtAsSpam(services.config.SESSION_SECRET, honeypot, token, now.getTime());
  if (reason) {
    if (!(await keepsSpamFrom(services.db, intake.ip, now))) {
      services.logger.info({ ip: intake.ip, reason }, 'contact spam not kept: this address filled its daily share');
      return { kind: 'spam', reason, kept: false, receipt: await unkeptReceipt(services.db, now) };
    }
    const receipt = await storeSpamSubmission(services.db, validation.data, reason);
    services.logger.info({ ip: intake.ip, reason, submissionId: receipt.id }, 'contact submission kept as spam');
    return { kind: 'spam', reason, kept: true, receipt };
  }

  const { receipt, noticeIds } = await storeContactSubmission(services.db, validation.data);
  const notified = Promise.all(
    noticeIds.map((noticeId) =>
      deliverNotice(services, noticeId).catch((error: unknown) =>
        services.logger.error({ err: error, noticeId }, 'contact notice attempt crashed; the retry task will send it'),
      ),
    ),
  ).then(() => undefined);
  return { kind: 'stored', receipt, notified };
}
