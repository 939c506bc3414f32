import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { precompressedAssets } from './precompressed-assets.ts';

const SCRIPT = 'export const greeting = "hello";\n'.repeat(100);

function assetsApp() {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-assets-'));
  writeFileSync(path.join(dir, 'app-1.js'), SCRIPT);
  writeFileSync(path.join(dir, 'app-1.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, 'app-1.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dir, 'small-1.js'), 'export {};\n');
  const app = express();
  app.use('/assets', precompressedAssets(dir));
  app.use('/assets', express.static(dir, { fallthrough: false }));
  return app;
}

// supertest decodes gzip and brotli bodies itself, so the bytes are compared after decoding.
describe('precompressed assets', () => {
  const app = assetsApp();

  it('sends the brotli copy to a browser that takes it, as JavaScript, cached for a year', async () => {
    const res = await request(app).get('/assets/app-1.js').set('Accept-Encoding', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.text).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not taken, and the plain file when neither is', async () => {
    const gzip = await request(app).get('/assets/app-1.js').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(SCRIPT);
    const plain = await request(app).get('/assets/app-1.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);
  });

  it('leaves a file without copies, and an unknown one, to the static files', async () => {
    const small = await request(app).get('/assets/small-1.js').set('Accept-Encoding', 'br');
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect((await request(app).get('/assets/missing-1.js').set('Accept-Encoding', 'br')).status).toBe(404);
  });
});
