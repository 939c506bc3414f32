import { CONTACT_INVALID_MESSAGE, contactRateLimitMessage } from '#server/contact/messages.ts';
import type { ContactOutcome } from '#server/contact/receive-submission.ts';
import { retryAfter, type RefusalAnswer } from '#server/http/refusals.ts';

/**
 * How a refused message is answered, by POST /api/contact and the no-JavaScript form post alike:
 * 400 with field messages, 429 with a wait.
 */
export function contactRefusal(outcome: Extract<ContactOutcome, { kind: 'invalid' | 'rate-limited' }>): RefusalAnswer {
  switch (outcome.kind) {
    case 'invalid':
      return { status: 400, message: CONTACT_INVALID_MESSAGE, errors: outcome.errors };
    case 'rate-limited':
      return { status: 429, message: contactRateLimitMessage(outcome.retryAfterSeconds), headers: retryAfter(outcome.retryAfterSeconds) };
  }
}
