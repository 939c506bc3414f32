import { createHmac, timingSafeEqual } from 'node:crypto';
import { CONTACT_MIN_FILL_MS } from '#common/contact.ts';
import type { SpamReason } from '#common/contact-spam.ts';

/**
 * The time the contact form was rendered, signed with the session secret, so the server can tell
 * how long the visitor took without trusting a clock in the browser. Format: `<ms>.<signature>`.
 */
const PURPOSE = 'contact-form-rendered-at';
/** A browser clock or a second instance may run a little ahead; more than this is a forgery. */
const CLOCK_SKEW_MS = 5000;

function sign(secret: string, issuedAt: number): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${issuedAt}`).digest('base64url').slice(0, 32);
}

export function issueContactFormToken(secret: string, now = Date.now()): string {
  return `${now}.${sign(secret, now)}`;
}

export type FormTokenVerdict = 'absent' | 'human' | 'too-fast' | 'forged';

/** `absent` is fine: the public JSON API has no token field, so API clients may omit it. */
export function judgeContactFormToken(secret: string, token: unknown, now = Date.now()): FormTokenVerdict {
  if (token === undefined || token === null || token === '') return 'absent';
  if (typeof token !== 'string') return 'forged';
  const match = /^(\d{1,16})\.([\w-]{32})$/.exec(token);
  if (!match) return 'forged';
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(secret, issuedAt));
  const given = Buffer.from(match[2]);
  if (!timingSafeEqual(expected, given)) return 'forged';
  if (issuedAt > now + CLOCK_SKEW_MS) return 'forged';
  return now - issuedAt < CONTACT_MIN_FILL_MS ? 'too-fast' : 'human';
}

/**
 * What caught a public form (the contact form, a booking) as a machine's, or null for a person's: a
 * filled honeypot, then a stamp too young or forged. A missing stamp passes (API clients send none).
 */
export function caughtAsSpam(secret: string, honeypot: unknown, token: unknown, now = Date.now()): SpamReason | null {
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return 'honeypot';
  const verdict = judgeContactFormToken(secret, token, now);
  return verdict === 'too-fast' ? 'too-fast' : verdict === 'forged' ? 'forged-token' : null;
}
