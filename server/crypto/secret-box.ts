import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keys derived from SESSION_SECRET, one per purpose (HKDF-SHA256 with a purpose label), so that a
 * database dump alone gives away neither a TOTP secret nor a recovery code, and no purpose's key
 * can stand in for another's. Changing SESSION_SECRET therefore also retires every two-factor
 * enrolment (docs/decisions/041-two-factor-login.md).
 */
export type KeyPurpose =
  'totp-secret' | 'recovery-code' | 'pending-login' | 'booking-link' | 'booking-holder' | 'email-mute' | 'proposal-link';

/** Derived keys by secret and purpose: HKDF costs a fifth of a millisecond, and public pages unseal on every request. */
const derivedKeys = new Map<string, Buffer>();

export function derivedKey(sessionSecret: string, purpose: KeyPurpose): Buffer {
  const id = `${purpose}\u0000${sessionSecret}`;
  let key = derivedKeys.get(id);
  if (!key) {
    // A process has one SESSION_SECRET; tests make many: the map never grows past a handful.
    if (derivedKeys.size >= 64) derivedKeys.clear();
    key = Buffer.from(hkdfSync('sha256', sessionSecret, '', `studio ${purpose}`, 32));
    derivedKeys.set(id, key);
  }
  return key;
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function seal(plaintext: string, sessionSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(sessionSecret, 'totp-secret'), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The sealed text, or null when it was sealed under another SESSION_SECRET or was altered. */
export function unseal(sealed: string, sessionSecret: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', derivedKey(sessionSecret, 'totp-secret'), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A keyed hash for values looked up by equality (recovery codes): HMAC-SHA256, hex. */
export const keyedHash = (value: string, sessionSecret: string, purpose: KeyPurpose) =>
  createHmac('sha256', derivedKey(sessionSecret, purpose)).update(value).digest('hex');
