import http from 'node:http';
import path from 'node:path';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequestSchema } from '#common/booking/booking-request.ts';
import { changePasswordSchema, forgotPasswordSchema, loginSchema, resetPasswordSchema } from '#common/admin-auth.ts';
import { contactSubmissionSchema } from '#common/contact.ts';
import { contactStatusUpdateSchema } from '#common/contact-status.ts';
import { registerAudioSchema, reorderSchema, sampleInputSchema } from '#common/samples.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { slotList } from '#server/test-support/booking-fixture.ts';
import { listen, rawHttp, rawRequest, type ListeningApp } from '#server/test-support/raw-http.ts';
import { testDialects } from '#server/test-support/services.ts';
import { uploadAudio } from '#server/test-support/test-audio.ts';

/*
 * Every route, found by walking Express's router stack (a new route is fuzzed without touching this
 * file), gets hostile input as a visitor and as an admin: control characters, over-long strings,
 * wrong JSON types, malformed JSON, huge numbers, odd methods and content types, path traversal in
 * keys, broken headers. Whatever the answer, it must not be a 5xx: bad input is the client's fault.
 */

const pages = { kind: 'production', buildDir: path.join(import.meta.dirname, '..', 'test-support', 'page-build') } as const;

interface Route {
  path: string;
  methods: string[];
}

const BODY_AND_READ_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: RouterLayer[] };
  rawPath?: string | string[];
}

/** The routes of a router and of every router mounted in it, with their full paths. */
function routesOf(stack: RouterLayer[], prefix = ''): Route[] {
  const routes: Route[] = [];
  for (const layer of stack) {
    if (layer.route) {
      // `.all()` (the 405 answers) lists every method Node knows; only those the site serves get bodies.
      const methods = Object.keys(layer.route.methods)
        .map((method) => method.toUpperCase())
        .filter((method) => BODY_AND_READ_METHODS.includes(method));
      for (const routePath of [layer.route.path].flat()) routes.push({ path: prefix + routePath, methods });
    } else if (layer.handle.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      routes.push(...routesOf(layer.handle.stack, prefix + mount));
    }
  }
  return routes;
}

const appRoutes = (app: Express) => routesOf((app as unknown as { router: { stack: RouterLayer[] } }).router.stack);

/** Every field name the shared schemas know: each body below sets all of them at once. */
const FIELDS = [
  ...new Set(
    [
      sampleInputSchema,
      reorderSchema,
      registerAudioSchema,
      contactSubmissionSchema,
      contactStatusUpdateSchema,
      loginSchema,
      forgotPasswordSchema,
      resetPasswordSchema,
      changePasswordSchema,
      bookingRequestSchema,
    ].flatMap((schema) => Object.keys(schema.shape)),
  ),
  'url_confirm',
  'formToken',
];

const CONTROL = `a\u0000b\u0001c\u0007d\u001be\u007ff\ud800g`;
const BAD_VALUES: unknown[] = [
  CONTROL,
  '\u0000',
  'x'.repeat(20_000),
  '../../../../etc/passwd',
  '/objects/uploads/..%2F..%2Fsecret',
  '//evil.example/x',
  'javascript:alert(1)',
  1e308,
  -1,
  2 ** 53,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER * 10,
  0.5,
  true,
  null,
  [],
  [CONTROL],
  {},
  { $gt: '' },
  [{ id: 2 ** 40, displayOrder: 1e20 }, { id: CONTROL }],
];

const withEveryField = (value: unknown) => Object.fromEntries(FIELDS.map((field) => [field, value]));

/** A free slot of the shipped consultation (read in beforeAll), so a booking body gets as far as the write. */
let bookableStart = '2030-01-07T15:00:00Z';

/**
 * A body every endpoint would accept (with the admin's upload as `audioFileURL`), so that one
 * bad field at a time gets past the others' checks and as deep as it can go: the database.
 */
const validBody = (objectPath: string) => ({
  title: 'A title',
  artist: 'An artist',
  genre: 'Soul',
  description: 'Two lines\nof description',
  duration: '3:45',
  // On an allowed outside host: the server never fetches it, so no analysis piles up behind the run.
  audioUrl: 'https://cdn.example.com/fuzz.mp3',
  coverImageUrl: '/images/cover.jpg',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+1 404 555 0100',
  message: 'A message long enough to pass.',
  status: 'in_progress',
  username: 'owner',
  password: 'correct-horse-9',
  token: 'a-reset-token',
  currentPassword: 'correct-horse-9',
  newPassword: 'another-password-1',
  sampleOrders: [{ id: 1, displayOrder: 0 }],
  audioFileURL: objectPath,
  type: 'free-consultation',
  start: bookableStart,
  tz: 'Asia/Tokyo',
  note: 'An EP of five songs',
});

/** The one-bad-field values in three kinds: each route gets one of each kind in every field. */
const ONE_FIELD_VALUES: unknown[][] = [
  [CONTROL, '\u0000', 'x'.repeat(20_000), '//evil.example/x'],
  [1e308, 2 ** 53, -1],
  [null, [], {}],
];
/** `FUZZ_EVERY_VALUE=1` sends every value in every field of every route (minutes longer; nothing it found the rotation misses so far). */
const EVERY_VALUE = process.env.FUZZ_EVERY_VALUE === '1';

/**
 * A valid body with one field broken, for each field: every value of each kind when asked for,
 * otherwise one value of each kind, rotating with the route and the field so that consecutive
 * routes take the others. Deterministic, so a failure names a body that fails again.
 */
const oneBadField = (objectPath: string, routeIndex: number) =>
  FIELDS.flatMap((field, fieldIndex) =>
    ONE_FIELD_VALUES.flatMap((kind) => (EVERY_VALUE ? kind : [kind[(routeIndex + fieldIndex) % kind.length]])).map((value) => ({
      type: 'application/json',
      body: JSON.stringify({ ...validBody(objectPath), [field]: value }),
    })),
  );

/** Raw bodies with their content type: broken JSON, JSON of the wrong shape, other formats. */
const BODIES: { type: string; body: string }[] = [
  ...BAD_VALUES.map((value) => ({ type: 'application/json', body: JSON.stringify(withEveryField(value)) })),
  { type: 'application/json', body: JSON.stringify({ sampleOrders: BAD_VALUES }) },
  { type: 'application/json', body: '{"title": ' },
  { type: 'application/json', body: '\u0000' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: '"just a string"' },
  { type: 'application/json', body: '12345678901234567890123456789' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}' },
  { type: 'application/json; charset=utf-16', body: '{}' },
  { type: 'application/json; charset=nonsense', body: '{}' },
  { type: 'text/plain', body: CONTROL },
  { type: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
  { type: 'application/x-www-form-urlencoded', body: `name=a%00b%01c%1bd%7f%ED%A0%80&email=%00&message=%ff%fe&a[b][c]=1` },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\n\u0000\r\n--x--' },
  { type: 'multipart/form-data', body: 'no boundary' },
  { type: 'application/octet-stream', body: '\u0000\u0001\u0002' },
  { type: '', body: '' },
];

const PARAM_VALUES = [
  '1',
  '0',
  '-1',
  '99999999999999999999',
  // One past PostgreSQL's integer: a well-formed id no record can have.
  '2147483648',
  '1e3',
  '%00',
  '%C0%AE%C0%AE',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '0b7d2a64-3c1e-4f5a-9d8e-2b6c4a1f0e93',
  'x'.repeat(3000),
];

const QUERY =
  '?token=%00&signature=%00&key=%00&type=%E2%82%AC&expires=-1&expires=99999999999999999999&page[$gt]=1' +
  `&${'q'.repeat(10)}=${'x'.repeat(2000)}&%00=%00`;

const EXTRA_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'MKCOL'];

const PAGE_PATHS = [
  '/',
  '/contact',
  '/about',
  '/samples',
  '/manage',
  '/manage/reset-password',
  '/robots.txt',
  '/sitemap.xml',
  '/favicon.svg',
  '/assets/..%2F..%2Fpackage.json',
  '/..%2F..%2Fetc%2Fpasswd',
  '/%00',
  '/a%ff',
  '/About/',
  `/${'x'.repeat(5000)}`,
];

const HEADER_VARIANTS: Record<string, string>[] = [
  { Range: 'bytes=abc' },
  { Range: 'bytes=99999999999999999999-' },
  { Range: 'bytes=-0' },
  { Range: 'bytes=5-1' },
  { Range: 'bytes=0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1' },
  { 'If-None-Match': '\u00ff', 'If-Modified-Since': 'yesterday', 'If-Range': 'x' },
  { Cookie: '__Host-studio_session=%00; studio_session=s%3A.x; =;' },
  { 'X-Forwarded-For': '::ffff:999.1.1.1, not-an-ip, , 127.0.0.1' },
  { 'X-Forwarded-Proto': 'gopher' },
  { Origin: 'null' },
  { Accept: '\u00ff/\u00ff', 'Accept-Encoding': 'x;q=nan', 'Accept-Language': '*;q=-1' },
  { 'Content-Length': '0', 'Transfer-Encoding': 'identity' },
  { 'X-Request-Id': '../../\u00ff' },
];

interface Sent {
  method: string;
  path: string;
  status: number;
  detail: string;
}

/** What a request that got no answer within 3 s counts as: a hang is as bad as a 500. */
const NO_ANSWER = 599;

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

function send(port: number, method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<number> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        agent,
        headers: { ...(payload ? { 'Content-Length': String(payload.length) } : {}), ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(res.statusCode ?? 0));
      },
    );
    // A connection the server closes on purpose (a refused upload) is not a 5xx; one left hanging is a fault.
    req.on('error', () => resolve(0));
    req.setTimeout(3000, () => {
      resolve(NO_ANSWER);
      req.destroy();
    });
    req.end(payload);
  });
}

/** Runs the requests a few at a time and keeps those answered with a 5xx. */
async function fuzz(
  port: number,
  requests: { method: string; path: string; headers?: Record<string, string>; body?: string; detail: string }[],
) {
  const failures: Sent[] = [];
  for (let start = 0; start < requests.length; start += 8) {
    await Promise.all(
      requests.slice(start, start + 8).map(async (request, offset) => {
        // A client address of its own (the apps trust loopback as their proxy), so that per-address
        // limits do not turn the rest of the run into 429s before the input reaches the database.
        const forwardedFor = `2001:db8::${(start + offset).toString(16)}`;
        const headers = { 'X-Forwarded-For': forwardedFor, ...request.headers };
        const status = await send(port, request.method, request.path, headers, request.body);
        if (status >= 500) failures.push({ method: request.method, path: request.path.slice(0, 120), status, detail: request.detail });
      }),
    );
  }
  return failures;
}

const fill = (routePath: string, value: string) => routePath.replace(/:\w+/g, value);

/** Answers that turn the caller away at the door: no session, or a session of the wrong kind. */
const TURNED_AWAY = new Set([401, 403]);

/**
 * Whether a route turns this caller away whatever the fields say: a valid body and a body with every
 * field broken get the same 401/403. Its one-bad-field bodies would then stop at that same door, so
 * they are sent only where the fields are read (the malformed bodies still go to every route).
 */
async function turnsCallerAway(port: number, method: string, target: string, objectPath: string): Promise<boolean> {
  const statuses = await Promise.all(
    [validBody(objectPath), withEveryField(CONTROL)].map((body, index) =>
      send(
        port,
        method,
        target,
        { 'Content-Type': 'application/json', 'X-Forwarded-For': `2001:db8:ffff::${index}` },
        JSON.stringify(body),
      ),
    ),
  );
  return statuses.every((status) => TURNED_AWAY.has(status));
}

describe.each(testDialects())('fuzzing every route (%s)', (dialect) => {
  let visitor: TestApp;
  let admin: TestApp;
  let visitorServer: ListeningApp;
  let adminServer: ListeningApp;
  let objectPath: string;

  beforeAll(async () => {
    visitor = await createTestApp(dialect, { pages, env: { TRUST_PROXY: 'loopback' } });
    admin = await createTestApp(dialect, { pages, asAdmin: true, env: { TRUST_PROXY: 'loopback' } });
    objectPath = await uploadAudio(admin);
    await admin.request.post('/api/samples').send({ title: 'Fuzzed', audioUrl: objectPath }).expect(201);
    await admin.request.post('/api/contact').send({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'A message to fuzz.' });
    // And one in the spam folder (id 2), so the not-spam route meets a message it can move.
    await admin.request
      .post('/api/contact')
      .send({ name: 'Spam Bot', email: 'bot@example.com', message: 'A message the honeypot caught.', url_confirm: 'x' });
    // A consultation (id 1), so the owner's booking routes meet one; the fuzzed bodies take the next free slot.
    const [first, second] = await slotList(admin);
    await admin.request
      .post('/api/bookings')
      .send({ ...validBody(objectPath), start: first!.start })
      .expect(201);
    bookableStart = second!.start;
    await admin.services.samples.sampleAnalysis.idle();
    visitorServer = await listen(visitor.app);
    adminServer = await listen(admin.app);
  });
  afterAll(async () => {
    await visitorServer.close();
    await adminServer.close();
    await admin.services.samples.sampleAnalysis.idle();
    await visitor.close();
    await admin.close();
  });

  it('finds the routes of every router', () => {
    const paths = appRoutes(admin.app).map((route) => route.path);
    for (const expected of [
      '/healthz',
      '/api/contact',
      '/api/samples/:id',
      '/api/admin/login',
      '/objects/uploads/:key',
      '/api/contact-submissions/:id/not-spam',
      '/api/booking/slots',
      '/api/bookings',
      '/api/bookings/:token/reschedule',
      '/api/admin/booking/settings',
      '/api/admin/bookings/:id/cancel',
      '/calendar/:file',
      '/api/admin/projects/:id/invoices',
      '/api/admin/invoices/:id.pdf',
      '/api/portal/invoices/:id/checkout',
      '/api/payments/stripe/webhook',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it.each(['visitor', 'admin'] as const)(
    'answers no request from a %s with a 5xx',
    async (who) => {
      const app = who === 'admin' ? admin : visitor;
      const port = who === 'admin' ? adminServer.port : visitorServer.port;
      const requests: Parameters<typeof fuzz>[1] = [];
      const routes = appRoutes(app.app);
      for (const [routeIndex, route] of routes.entries()) {
        const targets = route.path.includes(':') ? PARAM_VALUES.map((value) => fill(route.path, value)) : [route.path];
        // Every odd method once per route; every hostile path value with the methods the route serves
        // (each value with each odd method added minutes to the run and found nothing the pairs miss).
        targets.forEach((target, index) => {
          for (const method of index === 0 ? EXTRA_METHODS : route.methods) {
            requests.push({ method, path: `${target}${QUERY}`, detail: 'method and query' });
          }
        });
        const target = fill(route.path, route.path.includes(':key') ? objectPath.split('/').pop()! : '1');
        for (const method of route.methods.filter((m) => m !== 'GET' && m !== 'HEAD')) {
          const bodies = (await turnsCallerAway(port, method, target, objectPath))
            ? BODIES
            : [...BODIES, ...oneBadField(objectPath, routeIndex)];
          for (const { type, body } of bodies) {
            requests.push({
              method,
              path: target,
              headers: type ? { 'Content-Type': type } : {},
              body,
              detail: `${type} ${body.slice(0, 60)}`,
            });
          }
        }
        for (const headers of HEADER_VARIANTS) {
          for (const method of route.methods) requests.push({ method, path: target, headers, detail: JSON.stringify(headers) });
        }
      }
      for (const page of PAGE_PATHS) {
        for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'TRACE']) requests.push({ method, path: `${page}${QUERY}`, detail: 'page' });
        for (const { type, body } of BODIES) {
          requests.push({ method: 'POST', path: page, headers: type ? { 'Content-Type': type } : {}, body, detail: `page ${type}` });
        }
        for (const headers of HEADER_VARIANTS) requests.push({ method: 'GET', path: page, headers, detail: JSON.stringify(headers) });
      }
      for (const headers of HEADER_VARIANTS) requests.push({ method: 'GET', path: objectPath, headers, detail: JSON.stringify(headers) });

      const failures = await fuzz(port, requests);
      expect(failures).toEqual([]);
      expect(requests.length).toBeGreaterThan(1000);
    },
    // Over a thousand requests, each through the whole stack: about 20 s on a quiet machine, and up
    // to three minutes when the two cores are shared with browser builds. The bound is a hang guard only.
    300_000,
  );

  it('answers broken request lines and Host headers without a 5xx', async () => {
    const port = visitorServer.port;
    const raw = [
      rawHttp('GET / HTTP/1.1', []),
      rawHttp('GET / HTTP/1.1', ['Host:']),
      rawHttp('GET / HTTP/1.0', []),
      rawHttp('POST /api/contact HTTP/1.0', ['Content-Type: application/json', 'Content-Length: 2']) + '{}',
      rawHttp('GET / HTTP/1.1', ['Host: a b']),
      rawHttp('GET / HTTP/1.1', ['Host: localhost', 'Host: other']),
      rawHttp('FOO / HTTP/1.1'),
      rawHttp('CONNECT localhost:443 HTTP/1.1'),
      rawHttp('GET /\u0000 HTTP/1.1'),
      rawHttp('GET http://evil.example/ HTTP/1.1'),
      rawHttp('GET * HTTP/1.1'),
      rawHttp('GET /api/samples HTTP/1.1', ['Host: localhost', 'Content-Length: -1']),
      rawHttp('POST /api/contact HTTP/1.1', ['Host: localhost', 'Transfer-Encoding: chunked', 'Content-Type: application/json']) + 'zz\r\n',
      rawHttp('GET / HTTP/9.9'),
      `GET / HTTP/1.1\r\nHost: localhost\r\nX: ${'y'.repeat(20_000)}\r\n\r\n`,
    ];
    for (const request of raw) {
      const res = await rawRequest(port, request);
      expect(res.status, JSON.stringify(request.slice(0, 60))).toBeLessThan(500);
    }
  });
});
