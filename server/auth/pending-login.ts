import { randomBytes, timingSafeEqual } from 'node:crypto';
import { keyedHash } from '#server/crypto/secret-box.ts';

/** How long the code step may follow the password step. */
export const PENDING_LOGIN_TTL_MS = 5 * 60 * 1000;

interface PendingLogin {
  adminId: number;
  expiresAt: number;
}

/**
 * The proof that a password was right, carried to the code step by the browser (no session exists
 * yet): the admin's id and an expiry, HMAC-signed with a key derived from SESSION_SECRET. It opens
 * nothing on its own; with it the code step knows whose code to check.
 */
export function issuePendingLogin(adminId: number, sessionSecret: string, now = new Date()): string {
  const payload = Buffer.from(
    JSON.stringify({ a: adminId, e: now.getTime() + PENDING_LOGIN_TTL_MS, n: randomBytes(8).toString('base64url') }),
  ).toString('base64url');
  return `${payload}.${keyedHash(payload, sessionSecret, 'pending-login')}`;
}

/** The pending login a token names, or null when it is forged, altered or expired. */
export function readPendingLogin(token: string, sessionSecret: string, now = new Date()): PendingLogin | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(keyedHash(payload, sessionSecret, 'pending-login'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { a, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { a: unknown; e: unknown };
    if (typeof a !== 'number' || typeof e !== 'number' || e <= now.getTime()) return null;
    return { adminId: a, expiresAt: e };
  } catch {
    return null;
  }
}
