import { createServer, request, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { serveSharedAnswersAhead, type SharedAnswerRoute } from './shared-answers-ahead.ts';

const shared = { slots: [{ start: '2027-01-04T15:00:00.000Z', end: '2027-01-04T15:30:00.000Z' }] };
const asked: unknown[] = [];
let failing = false;
const route: SharedAnswerRoute = {
  path: '/api/list',
  cacheControl: 'no-store',
  answer(query) {
    asked.push(query);
    if (failing) return Promise.reject(new Error('the database is away'));
    return Promise.resolve(query.type === 'known' ? shared : undefined);
  },
};
/** The stack behind: says it answered, so each test sees who did. */
const stack: RequestListener = (_req, res) => res.writeHead(418, { 'x-answered-by': 'stack' }).end('stack');

let server: Server;
let port: number;
beforeAll(async () => {
  const handle = serveSharedAnswersAhead(
    {
      routes: [route],
      hasSessionCookie: (req) => String(req.headers.cookie ?? '').includes('session='),
      contentSecurityPolicy: "default-src 'self'",
      isSecure: () => false,
      logger: pino({ level: 'silent' }),
    },
    stack,
  );
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function ask(path: string, method = 'GET', headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    sent.on('error', reject).end();
  });
}

describe('answers shared by many visitors, given in front of Express', () => {
  it('writes the shared answer with its headers, reading the query as Express does (a repeated key is a list)', async () => {
    const response = await ask('/api/list?type=known&from=a&from=b');
    expect(response.status).toBe(200);
    expect(response.headers['x-answered-by']).toBeUndefined();
    expect(JSON.parse(response.body)).toEqual(shared);
    expect(response.headers).toMatchObject({
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
      'content-security-policy': "default-src 'self'",
      'x-content-type-options': 'nosniff',
      vary: 'Accept-Encoding',
    });
    expect(asked.at(-1)).toEqual({ type: 'known', from: ['a', 'b'] });
  });

  it('answers a copy the client already holds with a 304, and HEAD without a body', async () => {
    const first = await ask('/api/list?type=known');
    const again = await ask('/api/list?type=known', 'GET', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    const head = await ask('/api/list?type=known', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(first.body)));
    expect(head.body).toBe('');
  });

  it('leaves to the stack what it does not answer: a refusal, a fault, a session, a write, another path', async () => {
    expect((await ask('/api/list?type=unknown')).headers['x-answered-by']).toBe('stack');
    expect((await ask('/api/list?type=known', 'GET', { cookie: 'session=abc' })).headers['x-answered-by']).toBe('stack');
    expect((await ask('/api/list?type=known', 'POST')).headers['x-answered-by']).toBe('stack');
    expect((await ask('/api/list/?type=known')).headers['x-answered-by']).toBe('stack');
    failing = true;
    try {
      expect((await ask('/api/list?type=known')).headers['x-answered-by']).toBe('stack');
    } finally {
      failing = false;
    }
  });
});
