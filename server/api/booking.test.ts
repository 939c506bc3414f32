import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_PROBLEM_MESSAGES } from '#common/booking/booking-request.ts';
import { FORM_STAMP_COOKIE } from '#server/cookies/form-stamp.ts';
import { issueContactFormToken } from '#server/cookies/form-token.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import {
  bookingBody,
  nextClientIp,
  openBookingDays,
  postBooking,
  slotList,
  studioClock,
  TYPE,
  type Slot,
} from '#server/test-support/booking-fixture.ts';
import { memoryMailer } from '#server/test-support/project-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOT_AN_INSTANT = 'Time must be a date and time like 2027-03-15T14:00:00Z';
const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/*
 * The visitor's booking API over HTTP: the types, the slot list, booking (its refusals, the race
 * for one slot, spam and limits). The e-mailed links are tested in booking-links.test.ts.
 */
describe.each(testDialects())('the booking API (%s)', (dialect) => {
  const mailer = memoryMailer();
  let t: TestApp;
  /** Free slots by studio date, read once: each test books on a day of its own. */
  let days: Slot[][];

  beforeAll(async () => {
    t = await createTestApp(dialect, { mailer, env: { TRUST_PROXY: 'loopback' } });
    days = await openBookingDays(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const book = (body: unknown, ip?: string) => postBooking(t, body, ip);
  const storedFor = (email: string) => t.services.db.selectFrom('bookings').selectAll().where('email', '=', email).execute();

  it('lists the bookable consultations with the studio’s zone', async () => {
    const response = await t.request.get('/api/booking/types').expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({
      timeZone: 'America/New_York',
      types: [expect.objectContaining({ key: TYPE, meeting: 'phone', lengthMinutes: 20, needsPhone: true })],
    });
  });

  it('offers only starts on the half hours of the studio’s week, after the notice and within the horizon', async () => {
    const now = Date.now();
    const slots = days.flat();
    expect(days.length).toBeGreaterThan(10);
    for (const slot of slots) {
      const clock = studioClock(slot.start);
      expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']).toContain(clock.weekday);
      expect(clock.time >= '09:00' && studioClock(slot.end).time <= '19:00', slot.start).toBe(true);
      expect(clock.time.endsWith(':00') || clock.time.endsWith(':30')).toBe(true);
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(20 * MINUTE);
      expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(now + 12 * 60 * MINUTE);
      expect(Date.parse(slot.start)).toBeLessThan(now + 30 * DAY + MINUTE);
    }
    // A span narrows the list to it.
    const [day] = days.slice(3);
    const narrowed = await slotList(t, { from: day![0]!.start, to: shift(day![0]!.start, 61 * MINUTE) });
    expect(narrowed.map((slot) => slot.start)).toEqual(day!.slice(0, 3).map((slot) => slot.start));
  });

  it('answers a slot query it cannot read with 400 and the field at fault', async () => {
    const from = days[0]![0]!.start;
    const cases: Array<[Record<string, string>, string]> = [
      [{ type: 'no-such-type' }, 'type'],
      [{ type: TYPE, from: 'tomorrow' }, 'from'],
      [{ type: TYPE, from: '2027-04-31T09:00:00-04:00' }, 'from'],
      [{ type: TYPE, from, to: from }, 'to'],
      [{ type: TYPE, from, to: shift(from, -DAY) }, 'to'],
      [{ type: TYPE, tz: 'Mars/Olympus_Mons' }, 'tz'],
      [{}, 'type'],
    ];
    for (const [query, field] of cases) {
      const response = await t.request.get('/api/booking/slots').query(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(Object.keys(response.body.errors), JSON.stringify(query)).toContain(field);
    }
  });

  it('books a free slot: 201 with the visitor’s view, stored once', async () => {
    const slot = days[1]![2]!;
    const body = bookingBody(slot.start);
    const response = await book(body).expect(201);
    expect(response.body).toMatchObject({
      typeKey: TYPE,
      meeting: 'phone',
      start: slot.start,
      end: slot.end,
      status: 'confirmed',
      visitorZone: 'Asia/Tokyo',
      studioZone: 'America/New_York',
      email: body.email,
    });
    expect(response.body.where).toContain('+81 90 1234 5678');
    expect(await storedFor(body.email as string)).toHaveLength(1);
  });

  it('refuses a start or a field it cannot take with 400 and the field’s message', async () => {
    const slot = days[2]![1]!;
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ start: shift(slot.start, 7 * MINUTE) }, 'start', SLOT_PROBLEM_MESSAGES['not-a-slot']],
      [{ start: '2020-01-06T14:00:00Z' }, 'start', SLOT_PROBLEM_MESSAGES.past],
      [{ start: shift(slot.start, 35 * DAY) }, 'start', SLOT_PROBLEM_MESSAGES['too-far']],
      [{ start: new Date(Date.now() + 60 * MINUTE).toISOString() }, 'start'],
      [{ start: 'next tuesday' }, 'start'],
      // Dates that do not exist are not read as the days after them.
      [{ start: '2027-02-30T15:00:00Z' }, 'start', NOT_AN_INSTANT],
      [{ start: '2027-03-15T24:00:00Z' }, 'start', NOT_AN_INSTANT],
      [{ tz: 'Atlantis/Lost_City' }, 'tz'],
      [{ email: 'aiko-at-example.jp' }, 'email'],
      [{ phone: '' }, 'phone'],
      // The number is echoed to an address nobody confirmed: it may carry no words.
      [{ phone: 'Claim your prize at evil.example' }, 'phone', 'Phone must be a number like +1 404 555 0100'],
      [{ phone: '+1 555 0' }, 'phone', 'Phone must be a number like +1 404 555 0100'],
      [{ phone: undefined }, 'phone'],
      [{ type: 'no-such-type' }, 'type'],
      [{ name: '' }, 'name'],
    ];
    for (const [fields, field, message] of cases) {
      const body = bookingBody(slot.start, fields);
      const response = await book(body);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(Object.keys(response.body.errors), JSON.stringify(fields)).toEqual([field]);
      if (message) expect(response.body.errors[field]).toEqual([message]);
      expect(await storedFor(body.email as string)).toEqual([]);
    }
    // A time that can never be booked does not even lock (and so record) its date.
    expect(await t.services.db.selectFrom('bookingDays').select('studioDate').where('studioDate', '=', '2020-01-06').execute()).toEqual([]);
  });

  it('never answers junk with a 5xx: 400 for JSON of the wrong shape, 415 for another format', async () => {
    const junk: Array<[string, string, number[]]> = [
      ['application/json', '[]', [400]],
      ['application/json', '"a string"', [400]],
      ['application/json', 'null', [400]],
      ['application/json', '12', [400]],
      ['application/json', '{"start": ', [400]],
      ['application/json', JSON.stringify({ ...bookingBody(days[2]![0]!.start), note: 'x'.repeat(200_000) }), [400, 413]],
      [
        'application/json',
        JSON.stringify(bookingBody(days[2]![0]!.start, { name: 'x'.repeat(20_000), start: ['2027-01-01T00:00:00Z'] })),
        [400],
      ],
      ['application/json', JSON.stringify(bookingBody(days[2]![0]!.start, { start: 'x'.repeat(10_000), tz: { zone: 'UTC' } })), [400]],
      ['text/plain', 'type=free-consultation', [415]],
      ['application/x-www-form-urlencoded', 'type=free-consultation&name=Aiko', [415]],
    ];
    for (const [type, body, statuses] of junk) {
      const response = await t.request.post('/api/bookings').set('X-Forwarded-For', nextClientIp()).set('Content-Type', type).send(body);
      expect(statuses, `${type} ${body.slice(0, 40)}`).toContain(response.status);
      expect(response.body.message).toEqual(expect.any(String));
    }
    expect(
      await t.services.db.selectFrom('bookings').select('id').where('studioDate', '=', studioClock(days[2]![0]!.start).date).execute(),
    ).toEqual([]);
  });

  it('gives exactly one of 20 visitors who take one slot at once the booking, and the others fresh slots without it', async () => {
    const day = days[4]!;
    const [taken, inBuffer, afterBuffer] = [day[2]!, day[3]!, day[4]!];
    const responses = await Promise.all(Array.from({ length: 20 }, () => book(bookingBody(taken.start))));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const refused of responses.filter((response) => response.status === 409)) {
      expect(refused.body.errors).toEqual({ start: [SLOT_PROBLEM_MESSAGES.taken] });
      const fresh = (refused.body.slots.slots as Slot[]).map((slot) => slot.start);
      expect(fresh).not.toContain(taken.start);
      expect(fresh).toContain(afterBuffer.start);
    }
    expect(await t.services.db.selectFrom('bookings').select('id').where('startAt', '=', taken.start).execute()).toHaveLength(1);
    const offered = (await slotList(t)).map((slot) => slot.start);
    expect(offered).not.toContain(taken.start);
    expect(offered).not.toContain(inBuffer.start);
    expect(offered).toContain(afterBuffer.start);
  });

  it('answers a filled honeypot or a form sent too fast exactly like a booking, and stores and mails nothing', async () => {
    const [slot, realSlot] = [days[5]![0]!, days[5]![2]!];
    const real = await book(bookingBody(realSlot.start)).expect(201);
    const honeypot = bookingBody(slot.start, { url_confirm: 'https://spam.example' });
    const tooFast = bookingBody(slot.start);
    const stamp = `${FORM_STAMP_COOKIE}=${issueContactFormToken(t.services.config.SESSION_SECRET, Date.now())}`;
    const VARYING = ['date', 'content-length', 'etag', 'x-request-id'];
    for (const response of [await book(honeypot), await book(tooFast).set('Cookie', stamp)]) {
      expect(response.status).toBe(201);
      // The same headers, the same fields worded the same way, links of the same shape.
      expect(Object.keys(response.headers).sort()).toEqual(Object.keys(real.headers).sort());
      const fixed = (value: unknown) => String(value).replace(/'nonce-[^']+'/, "'nonce'");
      for (const name of Object.keys(real.headers).filter((header) => !VARYING.includes(header)))
        expect(fixed(response.headers[name]), name).toEqual(fixed(real.headers[name]));
      expect(Object.keys(response.body).sort()).toEqual(Object.keys(real.body).sort());
      expect(response.body).toMatchObject({
        start: slot.start,
        end: slot.end,
        status: 'confirmed',
        where: real.body.where,
        name: 'Aiko Tanaka',
      });
      for (const purpose of ['cancel', 'reschedule'] as const) {
        const link = response.body.links[purpose] as string;
        expect(link).toMatch(new RegExp(`^/book/${purpose}/[A-Za-z0-9_-]{43}$`));
        expect(real.body.links[purpose]).toMatch(new RegExp(`^/book/${purpose}/[A-Za-z0-9_-]{43}$`));
        // They name nothing: the links' own answer for a token that names no booking.
        const token = link.split('/').pop()!;
        expect((await t.request.get(`/api/bookings/${token}/reschedule`)).status).toBe(404);
        expect((await t.request.post(`/api/bookings/${token}/cancel`)).status).toBe(404);
      }
    }
    await t.services.booking.bookingEmails.idle();
    for (const email of [honeypot.email, tooFast.email]) {
      expect(await storedFor(email as string)).toEqual([]);
      expect(mailer.sent.filter((mail) => mail.to === email || mail.text.includes(String(email)))).toEqual([]);
    }
    expect((await slotList(t)).map((offered) => offered.start)).toContain(slot.start);
  });

  it('refuses spam as it would refuse the same request: a time not offered, a time taken', async () => {
    const [taken, free] = [days[5]![4]!, days[5]![6]!];
    await book(bookingBody(taken.start)).expect(201);
    const spam = (start: string) => book(bookingBody(start, { url_confirm: 'https://spam.example' }));
    const notASlot = await spam(shift(free.start, 7 * MINUTE)).expect(400);
    expect(notASlot.body.errors).toEqual({ start: [SLOT_PROBLEM_MESSAGES['not-a-slot']] });
    const lost = await spam(taken.start).expect(409);
    expect(lost.body.errors).toEqual({ start: [SLOT_PROBLEM_MESSAGES.taken] });
    expect(lost.body.slots.slots.map((offered: Slot) => offered.start)).toContain(free.start);
  });

  it('limits bookings per client address and per e-mail address with 429 and Retry-After', async () => {
    const slot = days[6]![0]!;
    // Well-formed requests count, whether or not the slot is free: an address that tries many times is slowed down.
    const ip = nextClientIp();
    for (let attempt = 0; attempt < t.services.config.CONTACT_RATE_LIMIT; attempt += 1) {
      expect((await book(bookingBody(shift(slot.start, 7 * MINUTE)), ip)).status).toBe(400);
    }
    const limited = await book(bookingBody(slot.start), ip).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const email = 'many.bookings@example.com';
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await book(bookingBody(shift(slot.start, 7 * MINUTE), { email }))).status).toBe(400);
    const perEmail = await book(bookingBody(slot.start, { email: 'Many.Bookings@example.com' })).expect(429);
    expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.services.db.selectFrom('bookings').select('id').where('startAt', '=', slot.start).execute()).toEqual([]);
  });
});
