import { existsSync, readdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpServer, HTTP_TIMEOUTS, type HttpTimeouts } from '#server/http/http-server.ts';
import { testWav } from '#server/test-support/test-audio.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

// The site's real server settings, shortened so that the test runs in seconds.
const SHORT: HttpTimeouts = { idleMs: 400, headersMs: 400, keepAliveMs: 400 };
const STEP_MS = 100;

interface RawExchange {
  socket: Socket;
  /** Resolves with everything the server sent once it closed the connection. */
  closed: Promise<string>;
}

function openRaw(port: number): RawExchange {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
  socket.on('error', () => {});
  return { socket, closed: new Promise((resolve) => socket.on('close', () => resolve(answer))) };
}

const putHead = (url: string, length: number) =>
  [
    `PUT ${url} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Content-Type: application/octet-stream',
    `Content-Length: ${length}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');

describe('the HTTP server times out on idleness, not on duration', () => {
  it('sets no total limit on a request in production', () => {
    const server = createHttpServer();
    expect(server.requestTimeout).toBe(0);
    expect(server.timeout).toBe(HTTP_TIMEOUTS.idleMs);
    expect(server.headersTimeout).toBe(HTTP_TIMEOUTS.headersMs);
  });
});

describe.each(testDialects())('slow and stalled uploads on %s', (dialect) => {
  let t: TestApp;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { asAdmin: true });
    server = createHttpServer(SHORT);
    server.on('request', t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  const grant = async () => (await t.request.post('/api/objects/upload').expect(200)).body.uploadURL as string;
  const keyOf = (url: string) => /staging\/([0-9a-f-]{36})/.exec(url)![1];
  const statusOf = async (url: string) =>
    (await t.services.db.selectFrom('uploadedObjects').select('status').where('key', '=', keyOf(url)).executeTakeFirstOrThrow()).status;

  it('takes an upload that trickles in for many times the idle limit', async () => {
    const url = await grant();
    const body = testWav();
    const raw = openRaw(port);
    raw.socket.write(putHead(url, body.length));
    const pieces = 16; // 16 × 100 ms: four times the idle limit, bytes arriving all along
    const size = Math.ceil(body.length / pieces);
    for (let offset = 0; offset < body.length; offset += size) {
      await delay(STEP_MS);
      raw.socket.write(body.subarray(offset, offset + size));
    }
    expect(await raw.closed).toMatch(/^HTTP\/1\.1 200 /);
    const registered = await t.request.put('/api/audio-files').send({ audioFileURL: url });
    expect(registered.status).toBe(200);
    const served = await t.request.get(registered.body.objectPath).buffer(true);
    expect(Buffer.from(served.body).equals(body)).toBe(true);
  });

  it('closes an upload that stalls, and its grant still works afterwards', async () => {
    const url = await grant();
    const body = testWav();
    const raw = openRaw(port);
    raw.socket.write(putHead(url, body.length));
    raw.socket.write(body.subarray(0, body.length / 2));
    // Nothing more is sent: the server must hang up by itself.
    await raw.closed;
    await vi.waitFor(async () => expect(await statusOf(url)).toBe('pending'));
    const stagingDir = path.join(t.services.dataDir, 'objects', 'staging');
    expect((existsSync(stagingDir) ? readdirSync(stagingDir) : []).filter((name) => name.startsWith(keyOf(url)))).toEqual([]);

    // The uploader retries the same grant.
    expect((await t.request.put(url).send(body)).status).toBe(200);
    const registered = await t.request.put('/api/audio-files').send({ audioFileURL: url });
    expect(registered.status).toBe(200);
  });

  it('still bounds how long the request headers may take, even when they trickle', async () => {
    const raw = openRaw(port);
    raw.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let open = true;
    void raw.closed.then(() => (open = false));
    // A header byte every 100 ms: never idle, but the headers never end.
    while (open) {
      raw.socket.write('X');
      await delay(STEP_MS);
    }
    expect(await raw.closed).not.toMatch(/^HTTP\/1\.1 200 /);
  });
});
