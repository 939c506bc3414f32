import { describe, expect, it } from 'vitest';
import { freshListenerKey, readListenerPass, shortenedIp, signListenerPass } from './link-tokens.ts';

const SECRET = 'x'.repeat(32);

describe('review link passes and addresses', () => {
  it('keeps an address to its network: /24 for IPv4, /48 for IPv6', () => {
    expect(shortenedIp('203.0.113.77')).toBe('203.0.113.0/24');
    expect(shortenedIp('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(shortenedIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(shortenedIp('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(shortenedIp('::1')).toBe('0:0:0::/48');
    expect(shortenedIp('')).toBe('unknown');
  });

  it('reads back a pass only for its own link, password and secret, and unedited', () => {
    const pass = { listenerKey: freshListenerKey(), unlockedUntil: 1_800_000_000_000 };
    const value = signListenerPass(SECRET, 4, '$argon2id$hash', pass);
    expect(readListenerPass(SECRET, 4, '$argon2id$hash', value)).toEqual(pass);
    expect(readListenerPass(SECRET, 5, '$argon2id$hash', value)).toBeNull();
    expect(readListenerPass(SECRET, 4, '$argon2id$other', value)).toBeNull();
    expect(readListenerPass('y'.repeat(32), 4, '$argon2id$hash', value)).toBeNull();
    expect(readListenerPass(SECRET, 4, '$argon2id$hash', value.replace('.1800', '.1900'))).toBeNull();
    expect(readListenerPass(SECRET, 4, '$argon2id$hash', undefined)).toBeNull();
  });
});
