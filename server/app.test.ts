import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/app.ts';
import { listen, rawHttp, rawRequest } from './test-support/raw-http.ts';
import { testDialects } from './test-support/services.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '#server/paths.ts';

const packageVersion = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;

describe.each(testDialects())('HTTP baseline on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports health with database reachability and the version package.json gives', async () => {
    const res = await t.request.get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok', version: packageVersion });
    expect(packageVersion).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request.delete('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found' });
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await t.request.post('/api/anything').set('Content-Type', 'application/json').send('{"name": ');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Malformed JSON body');
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts/);
  });

  it('refuses an oversized JSON body with 413', async () => {
    const res = await t.request
      .post('/api/anything')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(200 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Request body is too large');
  });

  it('sets the security headers with a fresh nonce per request', async () => {
    const first = await t.request.get('/healthz');
    const second = await t.request.get('/healthz');
    const csp = first.headers['content-security-policy'];
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toBe(second.headers['content-security-policy']);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(first.headers['permissions-policy']).toContain('camera=()');
    expect(first.headers['strict-transport-security']).toBeUndefined();
    expect(first.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('redirects a page path to its lower-case form without a trailing slash, keeping the query', async () => {
    const res = await t.request.get('/About/?ref=mail');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/about?ref=mail');
  });

  it('sends the short policy addresses to their pages for good, in any spelling', async () => {
    for (const [typed, page] of [
      ['/privacy', '/privacy-policy'],
      ['/Terms/?x=1', '/terms-of-service?x=1'],
    ]) {
      const res = await t.request.get(typed!);
      expect(res.status, typed).toBe(301);
      expect(res.headers.location, typed).toBe(page);
    }
  });

  it('never turns a path into a redirect to another host', async () => {
    const res = await t.request.get('//Evil.example/');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/evil.example');
    // Browsers read `/\host` as `//host` too. Sent raw: HTTP clients turn the backslash into a slash.
    const listening = await listen(t.app);
    try {
      for (const typed of ['/\\evil.com/About/', '/\\/evil.com/About', '/\\\\evil.com/About/']) {
        const redirected = await rawRequest(listening.port, rawHttp(`GET ${typed} HTTP/1.1`));
        expect(redirected.status, typed).toBe(301);
        expect(redirected.headers.location, typed).toMatch(/^\/[^/\\]/);
      }
    } finally {
      await listening.close();
    }
  });

  it('refuses an oversized page form post with 413', async () => {
    const res = await t.request
      .post('/contact')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send(`message=${'x'.repeat(120 * 1024)}`);
    expect(res.status).toBe(413);
  });
});

describe('behind a proxy', () => {
  it('sends HSTS only when the request arrived over HTTPS at a trusted proxy', async () => {
    const t = await createTestApp('sqlite', { env: { TRUST_PROXY: '1' } });
    try {
      const https = await t.request.get('/healthz').set('X-Forwarded-Proto', 'https');
      expect(https.headers['strict-transport-security']).toContain('max-age=');
      const http = await t.request.get('/healthz');
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted', async () => {
    const t = await createTestApp('sqlite');
    try {
      const res = await t.request.get('/healthz').set('X-Forwarded-Proto', 'https');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
