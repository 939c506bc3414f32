import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import type { AdminBooking, AdminBookingSettings, BookingSummary } from '#common/booking/admin.ts';
import { DEFAULT_CONSULTATION } from '#common/booking/settings.ts';
import { WEEKDAYS } from '#common/site-content/weekdays.ts';
import { bookSlot } from '#server/booking/book-slot.ts';
import { createAdminTestApp, createTestApp, type TestApp } from '#server/test-support/app.ts';
import {
  bookingBody,
  directHolder,
  eventsIn,
  nextClientIp,
  settingsWith,
  slotDays,
  STUDIO_ZONE,
  studioClock,
  type Slot,
} from '#server/test-support/booking-fixture.ts';
import { memoryMailer } from '#server/test-support/project-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';

const HOUR = 3_600_000;

/** The owner's Bookings area over HTTP: settings, the list and its filters, the owner's changes, the subscription. */
describe.each(testDialects())('the admin booking API (%s)', (dialect) => {
  const mailer = memoryMailer();
  let admin: TestApp;
  let days: Slot[][];

  beforeAll(async () => {
    admin = await createAdminTestApp(dialect, { mailer, env: { TRUST_PROXY: 'loopback' } });
    days = await slotDays(admin);
  });
  afterAll(async () => {
    await admin.close();
  });

  const settings = async () => (await admin.request.get('/api/admin/booking/settings').expect(200)).body as AdminBookingSettings;
  const list = async (query: Record<string, string> = {}) =>
    (await admin.request.get('/api/admin/bookings').query(query).expect(200)).body as AdminBooking[];
  const bookVisitor = async (slot: Slot, fields: Record<string, unknown> = {}) =>
    (await admin.request.post('/api/bookings').set('X-Forwarded-For', nextClientIp()).send(bookingBody(slot.start, fields)).expect(201))
      .body;
  const idOf = async (start: string) => (await list()).find((booking) => booking.start === start)!.id;

  /** A booking made an hour before its time, which has passed now (through the same write the API uses). */
  async function pastBooking(hoursAgo: number, email: string): Promise<number> {
    const start = Math.floor((Date.now() - hoursAgo * HOUR) / HOUR) * HOUR;
    const now = start - HOUR;
    const type = { ...DEFAULT_CONSULTATION, minimumNoticeMinutes: 0 };
    const availability = { timeZone: STUDIO_ZONE, weekly: WEEKDAYS.map((day) => ({ day, from: '00:00', to: '23:30' })), datesOff: [] };
    const visitor = { name: 'Past Visitor', email, phone: '+1 404 555 0100', note: null, zone: STUDIO_ZONE };
    const outcome = await bookSlot(
      admin.services.db,
      { type, start, visitor, place: visitor.phone, holder: directHolder(visitor.email) },
      { availability, busy: [], now, secret: admin.services.config.SESSION_SECRET },
    );
    if (outcome.kind !== 'booked') throw new Error(JSON.stringify(outcome));
    return outcome.booking.id;
  }

  it('starts from the opening hours at version 0, saves a change one version on, and refuses a stale or invalid one', async () => {
    const first = await settings();
    expect(first).toMatchObject({
      version: 0,
      timeZone: 'America/New_York',
      hasStudioAddress: false,
      settings: settingsWith(),
      feed: { url: null, error: null, fetchedAt: null, busyCount: 0 },
    });
    expect(first.settings.weekly).toEqual(['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, from: '09:00', to: '19:00' })));
    expect(first.subscriptionUrl).toMatch(/^http:\/\/localhost:3000\/calendar\/[\w-]{43}\.ics$/);

    const changed = settingsWith(
      { name: 'Project call', maxPerDay: 8 },
      { datesOff: [{ from: '2031-12-24', to: '2031-12-26', label: 'Holidays' }] },
    );
    const saved = await admin.request.put('/api/admin/booking/settings').send({ version: 0, settings: changed, feedUrl: '' }).expect(200);
    expect(saved.body).toMatchObject({ version: 1, settings: changed });
    expect((await settings()).version).toBe(1);
    expect((await admin.request.get('/api/booking/types').expect(200)).body.types[0].name).toBe('Project call');

    const stale = await admin.request.put('/api/admin/booking/settings').send({ version: 0, settings: settingsWith(), feedUrl: '' });
    expect(stale.status).toBe(409);

    const invalid = await admin.request.put('/api/admin/booking/settings').send({
      version: 1,
      settings: { ...settingsWith({ lengthMinutes: 5 }), weekly: [{ day: 'mon', from: '17:00', to: '09:00' }] },
      feedUrl: 'ftp://x',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.settings).toEqual(
      expect.arrayContaining(['Length must be at least 10 minutes', 'The end must be after the start']),
    );

    const badFeed = await admin.request
      .put('/api/admin/booking/settings')
      .send({ version: 1, settings: changed, feedUrl: 'ftp://calendar.example/x.ics' });
    expect([badFeed.status, Object.keys(badFeed.body.errors)]).toEqual([400, ['feedUrl']]);

    // A consultation at the studio needs the street address, which the fresh site does not have.
    const atStudio = await admin.request
      .put('/api/admin/booking/settings')
      .send({ version: 1, settings: settingsWith({ meeting: 'studio' }), feedUrl: '' });
    expect(atStudio.status).toBe(400);
    expect(atStudio.body.errors.settings[0]).toContain('street address');
    expect((await settings()).version).toBe(1);
  });

  it('lists upcoming, past, cancelled and no-show bookings apart', async () => {
    const upcoming = days[1]![0]!;
    await bookVisitor(upcoming, { email: 'future@example.com' });
    const pastId = await pastBooking(30, 'past@example.com');
    const noShowId = await pastBooking(54, 'noshow@example.com');
    const cancelled = days[1]![2]!;
    await bookVisitor(cancelled, { email: 'cancelled@example.com' });
    await admin.request
      .post(`/api/admin/bookings/${await idOf(cancelled.start)}/cancel`)
      .send({})
      .expect(200);
    await admin.request.patch(`/api/admin/bookings/${noShowId}`).send({ status: 'no_show' }).expect(200);
    // A consultation that has started is not cancelled (the visitor would be told so afterwards): it is a no-show or it took place.
    const late = await admin.request.post(`/api/admin/bookings/${pastId}/cancel`).send({ message: 'Sorry' });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('no-show');

    const emails = async (status: string) => (await list({ status })).map((booking) => booking.email);
    expect(await emails('upcoming')).toContain('future@example.com');
    expect(await emails('upcoming')).not.toContain('cancelled@example.com');
    expect(await emails('past')).toEqual(['past@example.com', 'noshow@example.com']);
    expect(await emails('cancelled')).toEqual(['cancelled@example.com']);
    expect(await emails('no_show')).toEqual(['noshow@example.com']);
    expect((await list()).map((booking) => booking.id)).toEqual(expect.arrayContaining([pastId, noShowId]));
    const spanned = await list({ from: new Date(Date.now() - 40 * HOUR).toISOString(), to: new Date().toISOString() });
    expect(spanned.map((booking) => booking.email)).toEqual(['past@example.com']);
    expect((await admin.request.get('/api/admin/bookings').query({ status: 'someday' })).status).toBe(400);
    expect((await admin.request.get('/api/admin/bookings').query({ from: 'yesterday' })).status).toBe(400);
  });

  it('marks a no-show only once the consultation started, and keeps the owner’s notes', async () => {
    const slot = days[2]![0]!;
    await bookVisitor(slot);
    const id = await idOf(slot.start);
    const early = await admin.request.patch(`/api/admin/bookings/${id}`).send({ status: 'no_show' });
    expect(early.status).toBe(409);
    const noted = await admin.request.patch(`/api/admin/bookings/${id}`).send({ ownerNotes: '  Wants stems mixed first  ' }).expect(200);
    expect(noted.body).toMatchObject({ ownerNotes: 'Wants stems mixed first', status: 'confirmed' });
    expect((await admin.request.get(`/api/admin/bookings/${id}`).expect(200)).body.ownerNotes).toBe('Wants stems mixed first');
    expect((await admin.request.patch(`/api/admin/bookings/${id}`).send({})).status).toBe(400);
    expect((await admin.request.patch(`/api/admin/bookings/${id}`).send({ status: 'cancelled' })).status).toBe(400);
    expect((await admin.request.patch('/api/admin/bookings/999999').send({ ownerNotes: 'x' })).status).toBe(404);
  });

  it('cancels with a message that reaches the visitor, once', async () => {
    const slot = days[3]![1]!;
    const visitor = await bookVisitor(slot, { email: 'told@example.com' });
    const id = await idOf(slot.start);
    const message = 'Sorry, the studio is closed for a session that day. Please pick another time.';
    const cancelled = await admin.request.post(`/api/admin/bookings/${id}/cancel`).send({ message }).expect(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledBy: 'studio', cancelMessage: message, email: visitor.email });
    expect((await admin.request.post(`/api/admin/bookings/${id}/cancel`).send({ message })).status).toBe(409);
    expect((await admin.request.post('/api/admin/bookings/999999/cancel').send({})).status).toBe(404);
    await admin.services.booking.bookingEmails.idle();
    const mail = mailer.sent.find((sent) => sent.to === 'told@example.com' && sent.icalEvent?.method === 'CANCEL');
    expect(mail?.text).toContain(message);
  });

  it('links a booking to the enquiry from the same address, whatever its case', async () => {
    const slot = days[4]![0]!;
    await bookVisitor(slot, { email: 'grace.hopper@example.com' });
    expect((await admin.request.get(`/api/admin/bookings/${await idOf(slot.start)}`).expect(200)).body.enquiryId).toBeNull();
    await admin.request
      .post('/api/contact')
      .set('X-Forwarded-For', nextClientIp())
      .send({ name: 'Grace Hopper', email: 'Grace.Hopper@Example.com', message: 'Could you master an EP of five songs?' })
      .expect(201);
    const enquiry = await admin.services.db
      .selectFrom('contactSubmissions')
      .select('id')
      .where('name', '=', 'Grace Hopper')
      .executeTakeFirstOrThrow();
    const booking = (await list()).find((row) => row.start === slot.start)!;
    expect(booking.enquiryId).toBe(enquiry.id);
    // Every answer of the owner's booking API carries the link: one booking, and a change to it.
    expect((await admin.request.get(`/api/admin/bookings/${booking.id}`).expect(200)).body.enquiryId).toBe(enquiry.id);
    const noted = await admin.request
      .patch(`/api/admin/bookings/${booking.id}`)
      .send({ ownerNotes: 'Asked about an EP first' })
      .expect(200);
    expect(noted.body).toMatchObject({ ownerNotes: 'Asked about an EP first', enquiryId: enquiry.id });
  });

  it('counts the confirmed consultations of the studio’s today and week for the dashboard, and names the next', async () => {
    const today = Temporal.Now.plainDateISO(STUDIO_ZONE);
    const monday = today.subtract({ days: today.dayOfWeek - 1 }).toString();
    const sunday = today.add({ days: 7 - today.dayOfWeek }).toString();
    const confirmed = (await list()).filter((booking) => booking.status === 'confirmed');
    const dates = confirmed.map((booking) => studioClock(booking.start).date);
    const summary = (await admin.request.get('/api/admin/booking/summary').expect(200)).body as BookingSummary;
    expect(summary.thisWeek).toBe(dates.filter((date) => date >= monday && date <= sunday).length);
    expect(summary.today).toBe(dates.filter((date) => date === today.toString()).length);
    expect(summary.next?.id).toBe((await list({ status: 'upcoming' }))[0]!.id);
  });

  it('serves every booking in the private subscription, read by a real iCalendar parser, until the address is replaced', async () => {
    const slot = days[5]![1]!;
    await bookVisitor(slot, { name: 'Subscribed Visitor' });
    const { subscriptionUrl } = await settings();
    const path = new URL(subscriptionUrl).pathname;
    const feed = await admin.request.get(path).expect(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.headers['cache-control']).toBe('private, no-store');
    const event = eventsIn(feed.text).find((candidate) => candidate.startDate.toJSDate().toISOString() === slot.start);
    expect(event?.endDate.toJSDate().toISOString()).toBe(slot.end);
    expect(event?.summary).toContain('Subscribed Visitor');

    const wrong = path.replace(/\/calendar\/(.)/, (_match, first: string) => `/calendar/${first === 'a' ? 'b' : 'a'}`);
    expect((await admin.request.get(wrong)).status).toBe(404);
    expect((await admin.request.get('/calendar/nothing.ics')).status).toBe(404);

    const renewed = await admin.request.post('/api/admin/booking/subscription').expect(200);
    expect(renewed.body.subscriptionUrl).not.toBe(subscriptionUrl);
    expect((await admin.request.get(path)).status).toBe(404);
    await admin.request.get(new URL(renewed.body.subscriptionUrl as string).pathname).expect(200);
  });
});

describe.each(testDialects())('the admin booking API without a session (%s)', (dialect) => {
  let visitor: TestApp;
  beforeAll(async () => {
    visitor = await createTestApp(dialect);
  });
  afterAll(async () => {
    await visitor.close();
  });

  it('answers 401 to every request', async () => {
    const requests = {
      'GET settings': visitor.request.get('/api/admin/booking/settings'),
      'PUT settings': visitor.request.put('/api/admin/booking/settings').send({ version: 0, settings: settingsWith(), feedUrl: '' }),
      'refresh feed': visitor.request.post('/api/admin/booking/feed/refresh'),
      'new subscription': visitor.request.post('/api/admin/booking/subscription'),
      summary: visitor.request.get('/api/admin/booking/summary'),
      list: visitor.request.get('/api/admin/bookings'),
      one: visitor.request.get('/api/admin/bookings/1'),
      notes: visitor.request.patch('/api/admin/bookings/1').send({ ownerNotes: 'x' }),
      cancel: visitor.request.post('/api/admin/bookings/1/cancel').send({}),
    };
    for (const [label, request] of Object.entries(requests)) expect((await request).status, label).toBe(401);
    expect(await visitor.services.db.selectFrom('bookingSettings').select('id').execute()).toEqual([]);
  });
});
