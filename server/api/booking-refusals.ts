import type { SlotsAnswer } from '#common/booking/booking-request.ts';
import type { BookRequestOutcome, RescheduleOutcome } from '#server/booking/visitor-bookings.ts';
import { retryAfter, type RefusalAnswer } from '#server/http/refusals.ts';

/*
 * How a booking's refusals are answered, by POST /api/bookings and the reschedule API and by the
 * booking pages without JavaScript (app/features/booking/*.server.ts) alike.
 */

export type BookingRefusal = Extract<
  BookRequestOutcome | RescheduleOutcome,
  { kind: 'invalid' | 'taken' | 'rate-limited' | 'already-booked' }
>;

export const bookingRateLimitMessage = (seconds: number) =>
  `Too many bookings from here in a short time. Please wait ${Math.max(1, Math.ceil(seconds / 60))} minutes and try again.`;

/**
 * 400 with field messages, 409 for a slot just taken (with the fresh slots) or for an e-mail address
 * that already holds its share, 429 with a wait.
 */
export function bookingRefusal(outcome: BookingRefusal): RefusalAnswer & { slots?: SlotsAnswer } {
  switch (outcome.kind) {
    case 'invalid':
      return { status: 400, message: outcome.message, errors: outcome.errors };
    case 'already-booked':
      return { status: 409, message: outcome.message, errors: outcome.errors };
    case 'taken':
      return { status: 409, message: outcome.message, errors: { start: [outcome.message] }, slots: outcome.fresh };
    case 'rate-limited':
      return {
        status: 429,
        message: outcome.message ?? bookingRateLimitMessage(outcome.retryAfterSeconds),
        headers: retryAfter(outcome.retryAfterSeconds),
      };
  }
}

/** An e-mailed link's refusals: a token that names nothing, a booking cancelled or already started. */
export const BOOKING_LINK_REFUSALS = {
  'not-found': { status: 404, message: 'This link does not name a consultation' },
  'not-confirmed': { status: 409, message: 'This consultation can no longer be changed: it was cancelled or has already started' },
} as const satisfies Record<string, RefusalAnswer>;
