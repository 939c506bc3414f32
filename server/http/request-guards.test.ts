import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { listen, rawHttp, rawRequest, type ListeningApp } from '#server/test-support/raw-http.ts';
import { testDialects } from '#server/test-support/services.ts';

const pages = { kind: 'production', buildDir: path.join(import.meta.dirname, '..', 'test-support', 'page-build') } as const;
const OBJECT = '/objects/uploads/0b7d2a64-3c1e-4f5a-9d8e-2b6c4a1f0e93';

describe.each(testDialects())('methods and Host through a listening server (%s)', (dialect) => {
  let t: TestApp;
  let server: ListeningApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { pages });
    server = await listen(t.app);
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  it.each(['TRACE', 'CONNECT', 'PROPFIND', 'FOO'])(
    'answers %s with 405 and Allow on pages, /healthz, /objects and /api',
    async (method) => {
      for (const target of ['/', '/about', '/healthz', OBJECT, '/api/samples', '/favicon.svg']) {
        const res = await rawRequest(server.port, rawHttp(`${method} ${target} HTTP/1.1`));
        expect(res.status, `${method} ${target}`).toBe(405);
        expect(res.headers.allow, `${method} ${target}`).toMatch(/^GET, HEAD/);
      }
    },
  );

  it('names the methods a path does answer when another known one is sent', async () => {
    const healthz = await rawRequest(server.port, rawHttp('DELETE /healthz HTTP/1.1'));
    expect(healthz.status).toBe(405);
    expect(healthz.headers.allow).toBe('GET, HEAD');
    const object = await rawRequest(server.port, rawHttp(`POST ${OBJECT} HTTP/1.1`));
    expect([object.status, object.headers.allow]).toEqual([405, 'GET, HEAD, PUT']);
    const page = await rawRequest(server.port, rawHttp('PUT /about HTTP/1.1'));
    expect([page.status, page.headers.allow]).toEqual([405, 'GET, HEAD, POST']);
  });

  it('answers a missing, empty or malformed Host with 400', async () => {
    const requests = [
      rawHttp('GET / HTTP/1.1', []),
      rawHttp('GET / HTTP/1.1', ['Host:']),
      rawHttp('GET / HTTP/1.0', []),
      rawHttp('GET /api/samples HTTP/1.0', []),
      rawHttp('GET / HTTP/1.1', ['Host: a b']),
      rawHttp('GET / HTTP/1.1', ['Host: evil.example/path']),
      rawHttp('GET / HTTP/1.1', ['Host: localhost', 'X-Forwarded-Host: ']),
      // Well-formed to the pattern, but no URL can be built from them (a bare `xn--` too, on Node 22).
      ...['localhost:70000', '999.999.999.999', '[:::]', 'xn--', 'xn--.example']
        .filter((host) => !URL.canParse(`http://${host}/`))
        .flatMap((host) => [
          rawHttp('GET /about HTTP/1.1', [`Host: ${host}`]),
          rawHttp('GET /about HTTP/1.1', ['Host: localhost', `X-Forwarded-Host: ${host}`]),
        ]),
    ];
    for (const request of requests) expect((await rawRequest(server.port, request)).status, request).toBe(400);
    expect(requests.length).toBeGreaterThanOrEqual(13);
  });

  it('still answers a page with a normal Host, and a health check without one', async () => {
    expect((await rawRequest(server.port, rawHttp('GET / HTTP/1.1', ['Host: studio.example.com:8443']))).status).toBe(200);
    expect((await rawRequest(server.port, rawHttp('GET / HTTP/1.1', ['Host: [::1]:3000']))).status).toBe(200);
    expect((await rawRequest(server.port, rawHttp('GET /healthz HTTP/1.0', []))).status).toBe(200);
  });
});
