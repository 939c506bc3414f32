import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { busyTimesReader, feedAddress, feedState, fetchFeed, MAX_FEED_BYTES, refreshFeed } from './calendar-feed.ts';

const CALENDAR = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Owner//Calendar//EN',
  'BEGIN:VEVENT',
  'UID:session@owner',
  'DTSTAMP:20270101T000000Z',
  'DTSTART;TZID=America/New_York:20270104T100000',
  'DTEND;TZID=America/New_York:20270104T120000',
  'RRULE:FREQ=WEEKLY;BYDAY=MO',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

/** A calendar host whose answer each test sets. */
let answer: (response: ServerResponse) => void;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((_request, response) => answer(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const serve = (status: number, body: string | Buffer, type = 'text/calendar') => {
  answer = (response) => {
    response.writeHead(status, { 'content-type': type });
    response.end(body);
  };
};

describe('the address the owner pastes', () => {
  it('reads webcal links as HTTPS and refuses what is not a web address', () => {
    expect(feedAddress(' webcal://p01-caldav.icloud.com/published/2/abc ')?.href).toBe('https://p01-caldav.icloud.com/published/2/abc');
    expect(feedAddress('https://calendar.google.com/calendar/ical/x/private-y/basic.ics')?.protocol).toBe('https:');
    for (const bad of [
      'not a link',
      'ftp://example.com/cal.ics',
      'javascript:alert(1)',
      'https://user:pass@example.com/cal.ics',
      `https://example.com/${'a'.repeat(2_100)}`,
    ]) {
      expect(feedAddress(bad), bad).toBeNull();
    }
  });
});

describe('fetching the feed', () => {
  it('brings back a calendar', async () => {
    serve(200, CALENDAR);
    expect(await fetchFeed(new URL(`${base}/owner.ics`))).toEqual({ kind: 'fetched', body: CALENDAR });
  });

  it('says the address was refused when the calendar answers 404, and what else went wrong otherwise', async () => {
    serve(404, 'Not found');
    expect(await fetchFeed(new URL(`${base}/gone.ics`))).toEqual({
      kind: 'failed',
      error: expect.stringContaining('refused the address (HTTP 404)'),
    });
    serve(500, 'Oops');
    expect(await fetchFeed(new URL(`${base}/owner.ics`))).toEqual({
      kind: 'failed',
      error: 'The calendar answered with an error (HTTP 500)',
    });
  });

  it('refuses a page that is not a calendar without repeating it', async () => {
    serve(200, '<html><body>Sign in to continue, secret-session-id</body></html>', 'text/html');
    const outcome = await fetchFeed(new URL(`${base}/login`));
    expect(outcome).toEqual({ kind: 'failed', error: expect.stringContaining('not an iCalendar') });
    expect(JSON.stringify(outcome)).not.toContain('secret-session-id');
  });

  it('stops reading a feed larger than the limit', async () => {
    serve(200, Buffer.alloc(MAX_FEED_BYTES + 1, 0x41));
    expect(await fetchFeed(new URL(`${base}/huge.ics`))).toEqual({ kind: 'failed', error: 'The calendar is larger than 5 MB' });
  });

  it('gives up on a calendar that does not answer', async () => {
    answer = () => undefined; // never answers
    expect(await fetchFeed(new URL(`${base}/slow.ics`), 200)).toEqual({
      kind: 'failed',
      error: 'The calendar did not answer within 0.2 seconds',
    });
  });

  it('says so when nothing listens at the address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await fetchFeed(new URL(`http://127.0.0.1:${port}/owner.ics`))).toEqual({
      kind: 'failed',
      error: 'The calendar could not be reached',
    });
  });
});

describe.each(testDialects())('the kept copy (%s)', (dialect) => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices(dialect);
  });
  afterAll(async () => {
    await services.cleanup();
  });
  beforeEach(async () => {
    await services.db.deleteFrom('bookingFeed').execute();
  });

  it('keeps the last good copy and its busy times when a later fetch fails, and shows the error', async () => {
    const url = new URL(`${base}/owner.ics`);
    serve(200, CALENDAR);
    const good = await refreshFeed(services.db, url, new Date('2027-01-01T00:00:00Z'));
    expect(good).toEqual({ fetchedAt: '2027-01-01T00:00:00.000Z', attemptedAt: '2027-01-01T00:00:00.000Z', error: null });
    serve(503, 'Down');
    const failed = await refreshFeed(services.db, url, new Date('2027-01-01T01:00:00Z'));
    expect(failed).toEqual({
      fetchedAt: '2027-01-01T00:00:00.000Z',
      attemptedAt: '2027-01-01T01:00:00.000Z',
      error: 'The calendar answered with an error (HTTP 503)',
    });
    const busy = await busyTimesReader(services.db)('America/New_York', Date.parse('2027-01-01T00:00:00Z'));
    expect(busy[0]).toEqual({ start: Date.parse('2027-01-04T15:00:00Z'), end: Date.parse('2027-01-04T17:00:00Z') });
  });

  it('has no busy times and no error before the first fetch', async () => {
    expect(await feedState(services.db)).toEqual({ fetchedAt: null, attemptedAt: null, error: null });
    expect(await busyTimesReader(services.db)('America/New_York', Date.now())).toEqual([]);
  });

  it('reads a new copy as soon as another instance stored it', async () => {
    const read = busyTimesReader(services.db);
    const now = Date.parse('2027-01-01T00:00:00Z');
    serve(200, CALENDAR);
    await refreshFeed(services.db, new URL(`${base}/owner.ics`), new Date(now));
    expect((await read('America/New_York', now)).length).toBeGreaterThan(50);
    serve(200, CALENDAR.replace(/BEGIN:VEVENT[\s\S]*END:VEVENT\r\n/, ''));
    await refreshFeed(services.db, new URL(`${base}/owner.ics`), new Date(now + 60_000));
    expect(await read('America/New_York', now)).toEqual([]);
  });
});
