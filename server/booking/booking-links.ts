import { createHmac } from 'node:crypto';
import { derivedKey } from '#server/crypto/secret-box.ts';

/*
 * The visitor's two single-purpose links: one cancels, one reschedules. Each token is an HMAC of the
 * booking's UID under a key derived from SESSION_SECRET, so every e-mail (the confirmation, each
 * reminder) can carry the same links without the tokens being stored: the database keeps only their
 * SHA-256, to find the booking by. Changing SESSION_SECRET retires them, as it does sessions.
 */

export type BookingLinkPurpose = 'cancel' | 'reschedule';

/** 32 bytes of HMAC, base64url: 43 characters, the shape server/secret-tokens.ts accepts. */
export function bookingLinkToken(secret: string, icsUid: string, purpose: BookingLinkPurpose): string {
  return createHmac('sha256', derivedKey(secret, 'booking-link')).update(`${purpose}|${icsUid}`).digest('base64url');
}

export function bookingLinkPath(token: string, purpose: BookingLinkPurpose): string {
  return `/book/${purpose}/${token}`;
}
