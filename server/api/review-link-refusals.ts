import type { UnlockOutcome } from '#server/projects/review-links/review-links-service.ts';
import { retryAfter, type RefusalAnswer } from '#server/http/refusals.ts';

/** One answer for an unknown, expired or revoked link: which one it was is nobody's business. */
export const LINK_GONE = 'This review link has expired or was turned off';

/** How a refused password is answered, by POST /api/listen/:token/unlock and the link's page alike. */
export function unlockRefusal(outcome: Exclude<UnlockOutcome, { kind: 'unlocked' }>): RefusalAnswer {
  switch (outcome.kind) {
    case 'gone':
      return { status: 404, message: LINK_GONE };
    case 'limited':
      return {
        status: 429,
        message: 'Too many tries. Wait a few minutes, then try again.',
        headers: retryAfter(outcome.retryAfterSeconds),
      };
    case 'wrong':
      return { status: 403, message: 'That password is not right. Check it with the studio and try again.' };
  }
}
