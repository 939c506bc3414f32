import { describe, expect, it } from 'vitest';
import { chooseEncoding, matchesStoredTag } from './negotiate.ts';

const all = { identity: Buffer.from('x'), gzip: Buffer.from('g'), br: Buffer.from('b') };

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and sends plain bytes to a client that names neither', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', all)).toBe('br');
    expect(chooseEncoding('gzip', all)).toBe('gzip');
    expect(chooseEncoding('deflate', all)).toBe('identity');
    expect(chooseEncoding(undefined, all)).toBe('identity');
  });

  it('never sends a coding the client refused with q=0, and honours the wildcard', () => {
    expect(chooseEncoding('br;q=0, gzip;q=0.5', all)).toBe('gzip');
    expect(chooseEncoding('*', all)).toBe('br');
    expect(chooseEncoding('*;q=0', all)).toBe('identity');
    expect(chooseEncoding('br;q=0, *', all)).toBe('gzip');
  });

  it('falls back to what is there when a small answer was not compressed', () => {
    expect(chooseEncoding('br, gzip', { gzip: null, br: null })).toBe('identity');
  });
});

describe('matchesStoredTag', () => {
  it('matches the tag of any coding, weak or strong, in a list, and the wildcard', () => {
    expect(matchesStoredTag('"abc-br"', 'abc')).toBe(true);
    expect(matchesStoredTag('W/"abc-gzip"', 'abc')).toBe(true);
    expect(matchesStoredTag('"zzz", "abc"', 'abc')).toBe(true);
    expect(matchesStoredTag('*', 'abc')).toBe(true);
  });

  it('does not match another version or nothing at all', () => {
    expect(matchesStoredTag('"abd-br"', 'abc')).toBe(false);
    expect(matchesStoredTag('"abc-brx"', 'abc')).toBe(false);
    expect(matchesStoredTag(undefined, 'abc')).toBe(false);
    expect(matchesStoredTag('', 'abc')).toBe(false);
  });
});
