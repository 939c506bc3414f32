import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { bookSlot } from '#server/booking/book-slot.ts';
import {
  bookingBody,
  directHolder,
  nextClientIp,
  postBooking,
  settingsWith,
  slotList,
  STUDIO_ZONE,
  studioClock,
  TYPE,
} from '#server/test-support/booking-fixture.ts';
import { memoryMailer } from '#server/test-support/project-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';

/*
 * A visitor's slot list is answered in front of Express (server/http/shared-answers-ahead.ts): the
 * same list and headers the router gives, without the stack (no request id), while every refusal
 * is still the router's.
 */
describe.each(testDialects())('the slot list answered ahead of Express (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { mailer: memoryMailer(), env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a visitor without the stack, uncacheable, in the coding asked, and a held copy with a 304', async () => {
    const response = await t.request.get('/api/booking/slots').query({ type: TYPE }).set('Accept-Encoding', 'br').expect(200);
    expect(response.headers['x-request-id']).toBeUndefined();
    expect(response.headers).toMatchObject({ 'cache-control': 'no-store', 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.body).toMatchObject({ type: TYPE, slots: expect.any(Array) });
    expect(response.body.slots.length).toBeGreaterThan(0);
    await t.request.get('/api/booking/slots').query({ type: TYPE }).set('If-None-Match', response.headers.etag!).expect(304);
  });

  it('asks the database nothing for a warm list, and no longer offers a slot once it is booked', async () => {
    const [slot] = await slotList(t);
    const reads = t.services.booking.visitorBookings.slotInputReads;
    await slotList(t);
    await slotList(t);
    expect(t.services.booking.visitorBookings.slotInputReads).toBe(reads);
    await postBooking(t, bookingBody(slot!.start), nextClientIp()).expect(201);
    expect((await slotList(t)).map((free) => free.start)).not.toContain(slot!.start);
    expect(t.services.booking.visitorBookings.slotInputReads).toBe(reads + 1);
  });

  it('offers nothing on a day the owner has just taken off', async () => {
    const [first] = await slotList(t);
    const day = studioClock(first!.start).date;
    const { version } = await t.services.booking.studioSettings.settings();
    const saved = await t.services.booking.studioSettings.saveSettings({
      version,
      settings: settingsWith({}, { datesOff: [{ from: day, to: day, label: 'Away' }] }),
      feedUrl: '',
    });
    expect(saved.kind).toBe('saved');
    const days = (await slotList(t)).map((free) => studioClock(free.start).date);
    expect(days.length).toBeGreaterThan(0);
    expect(days).not.toContain(day);
  });

  it('reads afresh when a visitor meets a slot taken unheard (an instance whose notice was lost)', async () => {
    const [, slot] = await slotList(t);
    const { settings } = await t.services.booking.studioSettings.settings();
    const type = settings.types.find((known) => known.key === TYPE)!;
    const availability = { timeZone: STUDIO_ZONE, weekly: settings.weekly, datesOff: settings.datesOff };
    const email = 'unheard@example.com';
    const taken = await bookSlot(
      t.services.db,
      {
        type,
        start: Date.parse(slot!.start),
        visitor: { name: 'Elsewhere', email, phone: null, note: null, zone: STUDIO_ZONE },
        place: '',
        holder: directHolder(email),
      },
      { availability, busy: [], now: Date.now(), secret: 's'.repeat(32) },
    );
    expect(taken.kind).toBe('booked');
    // Kept from before the booking, this instance still offers the slot...
    expect((await slotList(t)).map((free) => free.start)).toContain(slot!.start);
    // ...until a visitor asks for it: the 409 carries fresh times, and the next list is read afresh.
    const refused = await postBooking(t, bookingBody(slot!.start), nextClientIp()).expect(409);
    expect(refused.body.slots.slots.map((free: { start: string }) => free.start)).not.toContain(slot!.start);
    expect((await slotList(t)).map((free) => free.start)).not.toContain(slot!.start);
  });

  it('leaves the refusals to the router, which words them', async () => {
    const unknown = await t.request.get('/api/booking/slots').query({ type: 'no-such-type' }).expect(400);
    expect(unknown.headers['x-request-id']).toBeDefined();
    expect(unknown.body.message).toBe('Unknown consultation type');
    const backwards = await t.request
      .get('/api/booking/slots')
      .query({ type: TYPE, from: '2027-03-02T00:00:00Z', to: '2027-03-01T00:00:00Z' })
      .expect(400);
    expect(backwards.body.errors.to).toEqual(['to must be after from']);
  });
});

describe.runIf(testDialects().includes('postgres'))('the slot list answered ahead on two instances of one database', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp('postgres', { mailer: memoryMailer(), env: { TRUST_PROXY: 'loopback' } });
    second = await createTestApp('postgres', { mailer: memoryMailer(), env: { TRUST_PROXY: 'loopback' }, sameDatabaseAs: first.services });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('omits a slot booked on the other instance from its next list, though its own was warm', async () => {
    const [slot] = await slotList(second);
    await slotList(second);
    const reads = second.services.booking.visitorBookings.slotInputReads;
    // The booking answers once every instance has confirmed the notice (invalidation-listener.ts).
    await postBooking(first, bookingBody(slot!.start), nextClientIp()).expect(201);
    expect((await slotList(second)).map((free) => free.start)).not.toContain(slot!.start);
    expect(second.services.booking.visitorBookings.slotInputReads).toBe(reads + 1);
  });
});
