import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GrantCheck } from './object-store.ts';

/**
 * A local upload URL carries an HMAC over what it may write and its expiry, so only URLs this server
 * issued work, and only until they expire. Single use is enforced by the uploaded_objects row; a
 * part's URL may be used again (a part sent twice replaces the first, as in S3).
 */
const sign = (secret: string, subject: string, expiresAtSeconds: number) =>
  createHmac('sha256', secret).update(`${subject}:${expiresAtSeconds}`).digest('base64url');

export function signUploadGrant(secret: string, key: string, expiresAtSeconds: number): string {
  return sign(secret, `upload-grant:${key}`, expiresAtSeconds);
}

/**
 * A part's grant names its upload and part number; no other part can be written with it. Given the
 * part's MD5 (base64), the grant names it too, and holds only for a PUT that declares it as
 * Content-MD5 (as a bucket's signed header does): the body is then checked against it.
 */
export function signPartGrant(secret: string, uploadId: string, partNumber: number, expiresAtSeconds: number, contentMd5?: string): string {
  return sign(secret, `upload-part:${uploadId}:${partNumber}${contentMd5 ? `:md5=${contentMd5}` : ''}`, expiresAtSeconds);
}

function check(expectedFor: (expires: number) => string, expires: unknown, signature: unknown, nowMs: number): GrantCheck {
  if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires)) return 'invalid';
  const expected = Buffer.from(expectedFor(Number(expires)));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return Number(expires) * 1000 < nowMs ? 'expired' : 'valid';
}

export function checkUploadGrant(secret: string, key: string, expires: unknown, signature: unknown, nowMs = Date.now()): GrantCheck {
  return check((at) => signUploadGrant(secret, key, at), expires, signature, nowMs);
}

/**
 * `contentMd5`: the PUT's Content-MD5 header, if any. A grant signed with an MD5 holds only with that
 * header (leaving it out would skip the check); a grant signed without one holds with or without it.
 */
export function checkPartGrant(
  secret: string,
  uploadId: string,
  partNumber: number,
  expires: unknown,
  signature: unknown,
  contentMd5?: string,
  nowMs = Date.now(),
): GrantCheck {
  const withoutMd5 = check((at) => signPartGrant(secret, uploadId, partNumber, at), expires, signature, nowMs);
  if (withoutMd5 !== 'invalid' || !contentMd5) return withoutMd5;
  return check((at) => signPartGrant(secret, uploadId, partNumber, at, contentMd5), expires, signature, nowMs);
}
