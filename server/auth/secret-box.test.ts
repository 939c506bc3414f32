import { describe, expect, it } from 'vitest';
import { issuePendingLogin, PENDING_LOGIN_TTL_MS, readPendingLogin } from './pending-login.ts';
import { derivedKey, keyedHash, seal, unseal } from './secret-box.ts';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const OTHER = 'another-session-secret-of-32-characters!!';

describe('keys derived from SESSION_SECRET', () => {
  it('seals a TOTP secret so that only the same SESSION_SECRET opens it, and any change is refused', () => {
    const sealed = seal('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', SECRET);
    expect(sealed).not.toContain('GEZDGNBV');
    expect(seal('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', SECRET)).not.toBe(sealed); // a fresh IV each time
    expect(unseal(sealed, SECRET)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(unseal(sealed, OTHER)).toBeNull();
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0]! ^= 1;
    expect(unseal([...parts.slice(0, 3), flipped.toString('base64url')].join('.'), SECRET)).toBeNull();
    expect(unseal('not sealed', SECRET)).toBeNull();
  });

  it('gives each purpose its own key', () => {
    expect(derivedKey(SECRET, 'totp-secret')).not.toEqual(derivedKey(SECRET, 'recovery-code'));
    expect(keyedHash('abc', SECRET, 'recovery-code')).not.toBe(keyedHash('abc', SECRET, 'pending-login'));
    expect(keyedHash('abc', SECRET, 'recovery-code')).not.toBe(keyedHash('abc', OTHER, 'recovery-code'));
  });

  it('signs the pending login: it names its admin until it expires, and a forged one names nobody', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const token = issuePendingLogin(7, SECRET, now);
    expect(readPendingLogin(token, SECRET, now)).toEqual({ adminId: 7, expiresAt: now.getTime() + PENDING_LOGIN_TTL_MS });
    expect(readPendingLogin(token, SECRET, new Date(now.getTime() + PENDING_LOGIN_TTL_MS))).toBeNull();
    expect(readPendingLogin(token, OTHER, now)).toBeNull();
    const [, signature] = token.split('.');
    const other = Buffer.from(JSON.stringify({ a: 8, e: now.getTime() + 1000, n: 'x' })).toString('base64url');
    expect(readPendingLogin(`${other}.${signature}`, SECRET, now)).toBeNull();
  });
});
