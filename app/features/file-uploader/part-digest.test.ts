import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentMd5 } from './part-digest.ts';

const patterned = (length: number) => {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 31) % 251;
  return bytes;
};

describe('contentMd5', () => {
  afterEach(() => {
    vi.doUnmock('hash-wasm');
    vi.resetModules();
  });

  it('is the base64 MD5 digest the Content-MD5 header carries, for parts larger than one slice too', async () => {
    const bytes = patterned(2.5 * 1024 * 1024);
    expect(await contentMd5(new Blob([bytes]))).toBe(createHash('md5').update(bytes).digest('base64'));
    expect(await contentMd5(new Blob([]))).toBe(createHash('md5').digest('base64'));
  });

  it('gives each part its own digest when several are hashed at once', async () => {
    const parts = [patterned(3 * 1024 * 1024), patterned(1024 * 1024 + 7).reverse(), Buffer.from('a short last part')];
    const digests = await Promise.all(parts.map((part) => contentMd5(new Blob([part]))));
    expect(digests).toEqual(parts.map((part) => createHash('md5').update(part).digest('base64')));
  });

  it('falls back to plain JavaScript where the browser refuses WebAssembly', async () => {
    vi.doMock('hash-wasm', () => ({ createMD5: () => Promise.reject(new Error('WebAssembly.instantiate(): refused by CSP')) }));
    const { contentMd5: withoutWasm } = await import('./part-digest.ts');
    const bytes = patterned(1.5 * 1024 * 1024);
    expect(await withoutWasm(new Blob([bytes]))).toBe(createHash('md5').update(bytes).digest('base64'));
  });
});
