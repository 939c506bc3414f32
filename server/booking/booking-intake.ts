import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FieldErrors } from '#common/validation.ts';
import type { Database } from '#server/db/schema.ts';
import { hitRateLimit } from '#server/rate-limits/rate-limit.ts';
import type { Holding } from './booking-holders.ts';

/*
 * What a booking request meets before its slot is judged: the limits per client address and per
 * e-mail address over time, and the words for a visitor who already holds their share. The words
 * are the same whoever asks and whatever else the address is known for: they tell only what this
 * request may not do.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Per client address, the contact form's window; per e-mail address, a day (a person books one, maybe two). */
const PER_IP_WINDOW_MS = 10 * MINUTE;
const PER_EMAIL = { limit: 5, windowMs: DAY };

export const HOLDING_MESSAGES = {
  email:
    'You already have consultations booked with this e-mail address. To move one, use the link in its confirmation e-mail; ' +
    'to book another time, cancel one there first.',
  client: 'Too many consultations are booked from here already. To change one, use the links in its confirmation e-mail, or write to us.',
} as const;

const CHOOSE_TYPE = 'Choose one of the offered consultations';
type Invalid = { kind: 'invalid'; message: string; errors: FieldErrors };
/** A well-formed request for a type not offered (unknown, or switched off since the page was loaded). */
export const NOT_OFFERED: Invalid = { kind: 'invalid', message: CHOOSE_TYPE, errors: { type: [CHOOSE_TYPE] } };
/** A phone call without a number to call. */
export const PHONE_NEEDED: Invalid = {
  kind: 'invalid',
  message: 'Please check the highlighted fields',
  errors: { phone: ['Phone is required: we call you on it'] },
};

/** The refusal of a visitor who holds their share: a conflict for the e-mail address, a wait for the client address. */
export type HoldingRefusal =
  { kind: 'already-booked'; message: string; errors: FieldErrors } | { kind: 'rate-limited'; retryAfterSeconds: number; message: string };

export function holdingRefusal(holding: Holding): HoldingRefusal {
  if (holding.by === 'email')
    return { kind: 'already-booked', message: HOLDING_MESSAGES.email, errors: { email: [HOLDING_MESSAGES.email] } };
  return { kind: 'rate-limited', retryAfterSeconds: holding.retryAfterSeconds, message: HOLDING_MESSAGES.client };
}

/**
 * Counts one request against the client address's and the e-mail address's windows; the wait
 * when either is spent. Only well-formed requests count, as the contact form's, so fixing a typo
 * without JavaScript is never locked out.
 */
export async function spentWindow(
  db: Kysely<Database>,
  request: { ip: string; emailKey: string; perAddressLimit: number },
  now: number,
): Promise<number | null> {
  for (const rule of [
    { key: `booking:ip:${request.ip}`, limit: request.perAddressLimit, windowMs: PER_IP_WINDOW_MS },
    { key: `booking:email:${request.emailKey}`, ...PER_EMAIL },
  ]) {
    const limit = await hitRateLimit(db, rule, new Date(now));
    if (!limit.allowed) return limit.retryAfterSeconds;
  }
  return null;
}

/** Tokens for the links of a booking answered but never stored: the shape of real ones (32 bytes, base64url), naming nothing. */
export const unstoredLinkTokens = () => ({
  cancelToken: randomBytes(32).toString('base64url'),
  rescheduleToken: randomBytes(32).toString('base64url'),
});
