import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GrantCheck } from './object-store.ts';

/**
 * A local upload URL carries an HMAC over the key and its expiry, so only URLs this server issued
 * work, and only until they expire. Single use is enforced by the uploaded_objects row.
 */
export function signUploadGrant(secret: string, key: string, expiresAtSeconds: number): string {
  return createHmac('sha256', secret).update(`upload-grant:${key}:${expiresAtSeconds}`).digest('base64url');
}

export function checkUploadGrant(secret: string, key: string, expires: unknown, signature: unknown, nowMs = Date.now()): GrantCheck {
  if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires)) return 'invalid';
  const expected = Buffer.from(signUploadGrant(secret, key, Number(expires)));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return Number(expires) * 1000 < nowMs ? 'expired' : 'valid';
}
