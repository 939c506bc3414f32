import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingSettings } from '#common/booking/admin.ts';
import { createAdminTestApp, type TestApp } from '#server/test-support/app.ts';
import { settingsWith, slotList, studioClock } from '#server/test-support/booking-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';
import { FEED_NOT_READ, FEED_PRIVATE } from '#server/booking/feed-fetch.ts';

/*
 * The owner's calendar feed at the API's level: served by a local HTTP server, pasted in the
 * settings, its busy times taken out of the visitor's slots, and a later failing fetch that shows
 * its error while the last good copy still counts.
 */

/** Every weekday from noon to 1 pm in New York, written as Google writes a recurring event. */
const LUNCH = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Owner//Calendar//EN',
  'BEGIN:VEVENT',
  'UID:lunch@owner',
  'DTSTAMP:20260101T000000Z',
  'DTSTART;TZID=America/New_York:20260105T120000',
  'DTEND;TZID=America/New_York:20260105T130000',
  'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  'SUMMARY:Lunch (private)',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

let answer: { status: number; type: string; body: string } = { status: 200, type: 'text/calendar', body: LUNCH };
let calendarHost: Server;
let feedUrl: string;

beforeAll(async () => {
  calendarHost = createServer((_request, response) => {
    response.writeHead(answer.status, { 'content-type': answer.type });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => calendarHost.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(calendarHost.address() as AddressInfo).port}/owner/basic.ics`;
});
afterAll(async () => {
  calendarHost.closeAllConnections();
  await new Promise((resolve) => calendarHost.close(resolve));
});

describe.each(testDialects())('the owner’s calendar feed (%s)', (dialect) => {
  let admin: TestApp;
  beforeAll(async () => {
    admin = await createAdminTestApp(dialect);
  });
  afterAll(async () => {
    await admin.close();
  });

  const studioTimes = async () => new Set((await slotList(admin)).map((slot) => studioClock(slot.start).time));
  const refresh = () => admin.request.post('/api/admin/booking/feed/refresh');

  it('has nothing to refresh before an address is saved', async () => {
    expect((await refresh()).status).toBe(409);
    // Lunchtime is offered while no feed says otherwise.
    expect([...(await studioTimes())]).toEqual(expect.arrayContaining(['11:30', '12:00', '12:30', '13:00']));
  });

  it('refuses an address on a private network, or one that cannot be read, and saves nothing', async () => {
    answer = { status: 200, type: 'text/calendar', body: LUNCH };
    const refused = await admin.request
      .put('/api/admin/booking/settings')
      .send({ version: 0, settings: settingsWith(), feedUrl })
      .expect(400);
    expect(refused.body.errors.feedUrl).toEqual([FEED_PRIVATE]);
    answer = { status: 404, type: 'text/plain', body: 'Not found' };
    const unreadable = await admin.request
      .put('/api/admin/booking/settings')
      .send({ version: 0, settings: settingsWith({ name: 'Changed' }), feedUrl, feedPrivateAllowed: true })
      .expect(400);
    expect(unreadable.body.errors.feedUrl).toEqual([FEED_NOT_READ]);
    const after = (await admin.request.get('/api/admin/booking/settings').expect(200)).body as AdminBookingSettings;
    expect(after).toMatchObject({ version: 0, feed: { url: null, fetchedAt: null, privateAllowed: false } });
    expect(after.settings.types[0].name).not.toBe('Changed');
  });

  it('fetches the feed when its address is saved, and stops offering the slots its busy times cover', async () => {
    answer = { status: 200, type: 'text/calendar', body: LUNCH };
    const saved = await admin.request
      .put('/api/admin/booking/settings')
      .send({ version: 0, settings: settingsWith(), feedUrl, feedPrivateAllowed: true })
      .expect(200);
    const { feed } = saved.body as AdminBookingSettings;
    expect(feed).toMatchObject({ url: feedUrl, error: null, lost: false });
    expect(Date.parse(feed.fetchedAt!)).toBeGreaterThan(Date.now() - 60_000);
    // Weekday lunches over the 30-day horizon, not a year of them.
    expect(feed.busyCount).toBeGreaterThanOrEqual(20);
    expect(feed.busyCount).toBeLessThanOrEqual(25);

    const times = await studioTimes();
    expect(times.has('12:00')).toBe(false);
    expect(times.has('12:30')).toBe(false);
    // The 20-minute slot at 11:30 ends before noon with its 10-minute buffer; 13:00 starts as lunch ends.
    expect(times.has('11:30')).toBe(true);
    expect(times.has('13:00')).toBe(true);
    // Nothing of the event reaches the visitor.
    const raw = await admin.request.get('/api/booking/slots').query({ type: 'free-consultation' });
    expect(raw.text).not.toContain('Lunch');
  });

  it('shows the error of a failing fetch and keeps the busy times of the last good copy', async () => {
    const before = (await admin.request.get('/api/admin/booking/settings').expect(200)).body as AdminBookingSettings;

    answer = { status: 500, type: 'text/plain', body: 'Internal error' };
    const failed = await refresh().expect(200);
    expect(failed.body).toMatchObject({ url: feedUrl, fetchedAt: before.feed.fetchedAt, busyCount: before.feed.busyCount });
    expect(failed.body.error).toBe(FEED_NOT_READ);
    expect(Date.parse(failed.body.attemptedAt)).toBeGreaterThan(Date.parse(before.feed.attemptedAt!) - 1);
    expect((await studioTimes()).has('12:00')).toBe(false);

    answer = { status: 200, type: 'text/html', body: '<html><body>Sign in to see this calendar</body></html>' };
    const garbage = await refresh().expect(200);
    expect(garbage.body.error).toBe(FEED_NOT_READ);
    expect(garbage.body.error).not.toContain('Sign in');
    expect(garbage.body.fetchedAt).toBe(before.feed.fetchedAt);
    expect((await studioTimes()).has('12:30')).toBe(false);

    // A good answer again clears the error.
    answer = { status: 200, type: 'text/calendar', body: LUNCH };
    const recovered = await refresh().expect(200);
    expect(recovered.body.error).toBeNull();
    expect(Date.parse(recovered.body.fetchedAt)).toBeGreaterThanOrEqual(Date.parse(before.feed.fetchedAt!));
  });

  it('forgets the feed and its busy times when the address is removed', async () => {
    const { version } = (await admin.request.get('/api/admin/booking/settings').expect(200)).body as AdminBookingSettings;
    const saved = await admin.request
      .put('/api/admin/booking/settings')
      .send({ version, settings: settingsWith(), feedUrl: '' })
      .expect(200);
    expect(saved.body.feed).toMatchObject({ url: null, fetchedAt: null, error: null, busyCount: 0 });
    expect((await studioTimes()).has('12:00')).toBe(true);
  });
});
