import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { COUNTS_ONLY, hugeIntervalCalendar } from '#server/test-support/busy-calendars.ts';
import { DEFAULT_EXPANSION_LIMITS } from './feed-expansion.ts';
import {
  busyBetween,
  expansionWindow,
  feedAddress,
  feedState,
  forgetFeed,
  reexpandKeptCopy,
  refreshFeed,
  upcomingBusyCount,
} from './calendar-feed.ts';
import { FEED_NOT_READ } from './feed-fetch.ts';
import { slotsStamp } from './booking-context.ts';

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

describe.each(testDialects())('the kept copy (%s)', (dialect) => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices(dialect);
  });
  afterAll(async () => {
    await services.cleanup();
  });
  beforeEach(async () => {
    await forgetFeed(services.db);
  });

  const DAY = 24 * 60 * 60 * 1000;
  const now = Date.parse('2027-01-01T00:00:00Z');
  const window = expansionWindow(now, 60, 'America/New_York');
  // The ordinary calendars here are read against a clock that never runs out, so a loaded machine
  // cannot turn them into refusals; the copy that must be dropped meets the real 3-second clock.
  const own = { allowPrivate: true, window, limits: COUNTS_ONLY };
  const threeSeconds = { ...DEFAULT_EXPANSION_LIMITS, timeoutMs: 3_000 };

  it('keeps the last good copy and its busy times when a later fetch fails, and shows the error', async () => {
    const url = new URL(`${base}/owner.ics`);
    serve(200, CALENDAR);
    const good = await refreshFeed(services.db, url, own, new Date(now));
    expect(good).toEqual({ fetchedAt: '2027-01-01T00:00:00.000Z', attemptedAt: '2027-01-01T00:00:00.000Z', error: null });
    const stamp = await slotsStamp(services.db);
    serve(503, 'Down');
    const failed = await refreshFeed(services.db, url, own, new Date(now + 3_600_000));
    expect(failed).toEqual({ fetchedAt: '2027-01-01T00:00:00.000Z', attemptedAt: '2027-01-01T01:00:00.000Z', error: FEED_NOT_READ });
    const busy = await busyBetween(services.db, now, now + 7 * DAY);
    expect(busy).toEqual([{ start: Date.parse('2027-01-04T15:00:00Z'), end: Date.parse('2027-01-04T17:00:00Z') }]);
    expect(await slotsStamp(services.db)).toBe(stamp);
  });

  it('stores the busy times of the horizon only, and reads a span by its rows', async () => {
    serve(200, CALENDAR);
    await refreshFeed(services.db, new URL(`${base}/owner.ics`), own, new Date(now));
    // Weekly on Mondays over the 62 days of the window.
    expect(await upcomingBusyCount(services.db, now)).toBe(9);
    expect(await busyBetween(services.db, now + 70 * DAY, now + 400 * DAY)).toEqual([]);
    expect(await busyBetween(services.db, Date.parse('2027-01-04T16:00:00Z'), Date.parse('2027-01-04T16:30:00Z'))).toHaveLength(1);
  });

  it('has no busy times and no error before the first fetch, and none once the feed is forgotten', async () => {
    expect(await feedState(services.db)).toEqual({ fetchedAt: null, attemptedAt: null, error: null });
    expect(await busyBetween(services.db, now, now + 60 * DAY)).toEqual([]);
    serve(200, CALENDAR);
    await refreshFeed(services.db, new URL(`${base}/owner.ics`), own, new Date(now));
    await forgetFeed(services.db);
    expect(await busyBetween(services.db, now, now + 60 * DAY)).toEqual([]);
  });

  it('replaces the busy times whole when a new copy is stored', async () => {
    serve(200, CALENDAR);
    await refreshFeed(services.db, new URL(`${base}/owner.ics`), own, new Date(now));
    expect(await upcomingBusyCount(services.db, now)).toBeGreaterThan(0);
    serve(200, CALENDAR.replace(/BEGIN:VEVENT[\s\S]*END:VEVENT\r\n/, ''));
    await refreshFeed(services.db, new URL(`${base}/owner.ics`), own, new Date(now + 60_000));
    expect(await upcomingBusyCount(services.db, now)).toBe(0);
  });

  it('expands a kept copy again for a longer horizon, and drops one that no longer passes the budgets', async () => {
    serve(200, CALENDAR);
    await refreshFeed(services.db, new URL(`${base}/owner.ics`), own, new Date(now));
    expect(await reexpandKeptCopy(services.db, window, new Date(now + 60_000), COUNTS_ONLY)).toBe('current');
    const longer = expansionWindow(now, 200, 'America/New_York');
    expect(await reexpandKeptCopy(services.db, longer, new Date(now + 60_000), COUNTS_ONLY)).toBe('expanded');
    expect(await upcomingBusyCount(services.db, now)).toBe(29);
    // A copy kept before busy times were stored, that would freeze the site if a visitor expanded it. It runs for
    // minutes in ical.js without growing its heap, so it outlasts the 3 seconds however slow or loaded the machine.
    await services.db.updateTable('bookingFeed').set({ body: hugeIntervalCalendar(), expandedAt: null }).where('id', '=', 1).execute();
    expect(await reexpandKeptCopy(services.db, window, new Date(now + 120_000), threeSeconds)).toBe('dropped');
    const state = await feedState(services.db);
    expect(state).toMatchObject({ fetchedAt: null, error: expect.stringContaining('took longer than 3 seconds') });
    expect(await upcomingBusyCount(services.db, now)).toBe(0);
    expect(await reexpandKeptCopy(services.db, window, new Date(now + 180_000), threeSeconds)).toBe('none');
  });
});
