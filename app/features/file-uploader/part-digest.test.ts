import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentMd5 } from './part-digest.ts';

describe('contentMd5', () => {
  it('is the base64 MD5 digest the Content-MD5 header carries, for parts larger than one slice too', async () => {
    const bytes = Buffer.alloc(2.5 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 31) % 251;
    expect(await contentMd5(new Blob([bytes]))).toBe(createHash('md5').update(bytes).digest('base64'));
    expect(await contentMd5(new Blob([]))).toBe(createHash('md5').digest('base64'));
  });
});
