import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, totpCode, totpStep } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890", 8-digit codes.
const RFC_SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: Array<[seconds: number, code: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('matches the RFC 6238 SHA-1 vector at T=%i', (seconds, code) => {
    const step = totpStep(new Date(seconds * 1000));
    expect(hotp(RFC_SEED, step, 8)).toBe(code);
    // Six digits are the last six of the same truncated value.
    expect(totpCode(base32Encode(RFC_SEED), step)).toBe(code.slice(2));
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(RFC_SEED, counter))).toEqual(expected);
  });

  it('base32 round-trips and reads what a person types', () => {
    expect(base32Encode(RFC_SEED)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(RFC_SEED);
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it('accepts one step either side, never a used step, never malformed input', () => {
    const secret = base32Encode(RFC_SEED);
    const now = new Date(1234567890 * 1000);
    const step = totpStep(now);
    expect(matchTotp(secret, totpCode(secret, step), now, null)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, step - 1), now, null)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, step + 1), now, null)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, step - 2), now, null)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, step + 2), now, null)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, step), now, step)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, step + 1), now, step)).toBe(step + 1);
    expect(matchTotp(secret, '12345', now, null)).toBeNull();
    expect(matchTotp(secret, '12345a', now, null)).toBeNull();
  });

  it('builds the otpauth URI apps read from the QR code', () => {
    expect(otpauthUri('ABC', 'Studio Name', 'owner')).toBe(
      'otpauth://totp/Studio%20Name:owner?secret=ABC&issuer=Studio+Name&algorithm=SHA1&digits=6&period=30',
    );
  });
});
