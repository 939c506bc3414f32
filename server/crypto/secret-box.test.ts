import { describe, expect, it } from 'vitest';
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
});
