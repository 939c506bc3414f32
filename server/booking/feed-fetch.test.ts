import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_NOT_READ, FEED_PRIVATE, fetchFeedText, MAX_FEED_BYTES } from './feed-fetch.ts';

const CALENDAR = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Owner//Calendar//EN', 'END:VCALENDAR'].join('\r\n');

/** A calendar host whose answer each test sets; it counts the requests that reach it. */
let answer: (response: ServerResponse, path: string) => void;
let requests = 0;
let server: Server;
let port: number;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests += 1;
    answer(response, request.url ?? '/');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const serve = (status: number, body: string | Buffer, headers: Record<string, string> = { 'content-type': 'text/calendar' }) => {
  answer = (response) => {
    response.writeHead(status, headers);
    response.end(body);
  };
};
/** The tests' calendar host is on loopback: with private addresses allowed, as an owner's own network would be. */
const own = { allowPrivate: true };

describe('fetching the feed', () => {
  it('brings back a calendar', async () => {
    serve(200, CALENDAR);
    expect(await fetchFeedText(new URL(`${base}/owner.ics`), own)).toEqual({ kind: 'fetched', body: CALENDAR });
  });

  it('says one neutral thing whatever went wrong, and repeats nothing of the answer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const outcomes = [];
    for (const status of [401, 403, 404, 500, 503]) {
      serve(status, 'secret-session-id');
      outcomes.push(await fetchFeedText(new URL(`${base}/owner.ics`), own));
    }
    serve(200, Buffer.alloc(MAX_FEED_BYTES + 1, 0x41));
    outcomes.push(await fetchFeedText(new URL(`${base}/huge.ics`), own));
    answer = () => undefined; // never answers
    outcomes.push(await fetchFeedText(new URL(`${base}/slow.ics`), { ...own, timeoutMs: 200 }));
    outcomes.push(await fetchFeedText(new URL(`http://127.0.0.1:${closedPort}/owner.ics`), own));
    serve(302, '', { location: 'ftp://example.com/cal.ics' });
    outcomes.push(await fetchFeedText(new URL(`${base}/moved.ics`), own));
    for (const outcome of outcomes) expect(outcome).toEqual({ kind: 'failed', error: FEED_NOT_READ });
    expect(JSON.stringify(outcomes)).not.toContain('secret-session-id');
  });

  it('follows redirects to the calendar, a few at most', async () => {
    answer = (response, path) => {
      const hop = Number(path.slice(1));
      if (path === '/final') response.writeHead(200, { 'content-type': 'text/calendar' }).end(CALENDAR);
      else response.writeHead(302, { location: hop >= 2 ? '/final' : `/${hop + 1}` }).end();
    };
    expect(await fetchFeedText(new URL(`${base}/0`), own)).toEqual({ kind: 'fetched', body: CALENDAR });
    answer = (response) => response.writeHead(302, { location: '/again' }).end();
    expect(await fetchFeedText(new URL(`${base}/loop`), own)).toEqual({ kind: 'failed', error: FEED_NOT_READ });
  });
});

describe('addresses off the public internet', () => {
  it('refuses loopback in any spelling before connecting, unless the owner allowed private addresses', async () => {
    serve(200, CALENDAR);
    const before = requests;
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '0x7f.1', '2130706433', '0177.0.0.1', '[::ffff:127.0.0.1]', '0.0.0.0']) {
      const outcome = await fetchFeedText(new URL(`http://${host}:${port}/owner.ics`), { allowPrivate: false });
      expect(outcome, host).toEqual({ kind: 'failed', error: FEED_PRIVATE });
    }
    expect(await fetchFeedText(new URL('http://169.254.169.254/latest/meta-data/'), { allowPrivate: false })).toEqual({
      kind: 'failed',
      error: FEED_PRIVATE,
    });
    expect(requests).toBe(before);
  });

  it('judges the target of every redirect again', async () => {
    // 127.0.0.1 stands for a public calendar host here; every other address is private.
    const options = { allowPrivate: false, isPublic: (address: string) => address === '127.0.0.1' };
    serve(200, CALENDAR);
    expect(await fetchFeedText(new URL(`${base}/owner.ics`), options)).toEqual({ kind: 'fetched', body: CALENDAR });
    for (const target of [`http://127.0.0.2:${port}/owner.ics`, `http://[::1]:${port}/owner.ics`, `http://0x7f000002:${port}/owner.ics`]) {
      const before = requests;
      answer = (response, path) => {
        if (path === '/moved.ics') response.writeHead(301, { location: target }).end();
        else response.writeHead(200, { 'content-type': 'text/calendar' }).end(CALENDAR);
      };
      expect(await fetchFeedText(new URL(`${base}/moved.ics`), options), target).toEqual({ kind: 'failed', error: FEED_PRIVATE });
      expect(requests, target).toBe(before + 1);
    }
  });
});
