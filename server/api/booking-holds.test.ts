import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLDING_MESSAGES } from '#server/booking/booking-intake.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { bookingBody, nextClientIp, openBookingDays, postBooking, type Slot } from '#server/test-support/booking-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';

/*
 * How many upcoming consultations one person may hold, over HTTP: two per e-mail address, three
 * per client address (an IPv6 /64), spam refused alike. The races are in server/booking/book-slot.test.ts.
 */
describe.each(testDialects())('what one visitor may hold (%s)', (dialect) => {
  let t: TestApp;
  let days: Slot[][];

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: 'loopback' } });
    days = await openBookingDays(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const book = (body: unknown, ip?: string) => postBooking(t, body, ip);

  it('lets one e-mail address hold two upcoming consultations: a third is a 409 that points to the e-mail, for spam too', async () => {
    const day = days[1]!;
    const email = 'Holder.Two@Example.com';
    await book(bookingBody(day[0]!.start, { email })).expect(201);
    await book(bookingBody(day[2]!.start, { email: email.toLowerCase() })).expect(201);
    const third = await book(bookingBody(day[4]!.start, { email: ` ${email.toUpperCase()} ` })).expect(409);
    // The same words whoever asks: they name neither the address nor what else it is known for.
    expect(third.body).toEqual({ message: HOLDING_MESSAGES.email, errors: { email: [HOLDING_MESSAGES.email] } });
    const spam = await book(bookingBody(day[4]!.start, { email, url_confirm: 'https://spam.example' })).expect(409);
    expect(spam.body).toEqual(third.body);
    const stored = await t.services.db.selectFrom('bookings').select('emailKey').where('emailKey', '=', email.toLowerCase()).execute();
    expect(stored).toHaveLength(2);
  });

  it('lets one client address (an IPv6 /64) hold three upcoming consultations: a fourth is a 429 until the first starts', async () => {
    const day = days[2]!;
    const ip = nextClientIp();
    const booked = [];
    for (const slot of [day[0]!, day[2]!, day[4]!]) booked.push((await book(bookingBody(slot.start), ip).expect(201)).body);
    const sameNetwork = ip.replace(/::1$/, '::2');
    const before = Date.now();
    const fourth = await book(bookingBody(day[6]!.start), sameNetwork).expect(429);
    const after = Date.now();
    expect(fourth.body.message).toBe(HOLDING_MESSAGES.client);
    const wait = Number(fourth.headers['retry-after']);
    const firstStart = Date.parse(day[0]!.start);
    expect(wait).toBeGreaterThanOrEqual(Math.ceil((firstStart - after) / 1000));
    expect(wait).toBeLessThanOrEqual(Math.ceil((firstStart - before) / 1000));
    const spam = await book(bookingBody(day[6]!.start, { url_confirm: 'https://spam.example' }), sameNetwork).expect(429);
    expect(spam.body.message).toBe(HOLDING_MESSAGES.client);
    // Cancelling one frees its place.
    await t.request.post(`/api/bookings/${booked[1].links.cancel.split('/').pop()}/cancel`).expect(200);
    await book(bookingBody(day[6]!.start), sameNetwork).expect(201);
  });
});
