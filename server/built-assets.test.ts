import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_POLICY } from './http/pages.ts';
import { createTestApp, type TestApp } from './test-support/app.ts';

const SCRIPT = 'export const greeting = "hello";\n'.repeat(100);

/** The stand-in page build with a client folder holding one script and its brotli copy. */
function buildWithAssets(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-build-'));
  symlinkSync(path.join(import.meta.dirname, 'test-support', 'page-build', 'server'), path.join(dir, 'server'), 'dir');
  mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'client', 'assets', 'entry-1a2b.js'), SCRIPT);
  writeFileSync(path.join(dir, 'client', 'assets', 'entry-1a2b.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, 'client', 'assets', 'plain-1a2b.css'), 'body{margin:0}'.repeat(200));
  return dir;
}

// Assets touch no database: SQLite alone.
describe('built assets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { pages: { kind: 'production', buildDir: buildWithAssets() } });
  });
  afterAll(() => t.close());

  it('are the same bytes and headers for every request: no nonce, no request id, kept a year', async () => {
    const [one, two] = await Promise.all([1, 2].map(() => t.request.get('/assets/entry-1a2b.js').set('Accept-Encoding', 'br')));
    for (const res of [one!, two!]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-request-id']).toBeUndefined();
      expect(res.headers['content-security-policy']).toBe(ASSET_POLICY);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const headersOf = (res: typeof one) => Object.entries(res!.headers).filter(([name]) => name !== 'date');
    expect(headersOf(two)).toEqual(headersOf(one));
  });

  it('compresses a file the build did not, and answers an unknown one 404 without a request id', async () => {
    const css = await t.request.get('/assets/plain-1a2b.css').set('Accept-Encoding', 'gzip');
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['x-request-id']).toBeUndefined();
    const missing = await t.request.get('/assets/gone-0000.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it('still refuses a method no route answers, and pages keep their request id and nonce', async () => {
    expect((await t.request.delete('/assets/entry-1a2b.js')).status).toBe(405);
    const page = await t.request.get('/manage');
    expect(page.headers['x-request-id']).toBeDefined();
  });
});
