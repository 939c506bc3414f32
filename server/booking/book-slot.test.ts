import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONSULTATION, type ConsultationType } from '#common/booking/settings.ts';
import { WEEKDAYS } from '#common/site-content/weekdays.ts';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { tokenHashOf } from '#server/crypto/secret-tokens.ts';
import { bookSlot, moveBooking, type BookingSecret, type SlotSurroundings, type Visitor } from './book-slot.ts';
import { bookingLinkToken } from './booking-links.ts';
import { holderOf } from './booking-holders.ts';
import { directHolder } from '#server/test-support/booking-fixture.ts';

const type: ConsultationType = { ...DEFAULT_CONSULTATION, minimumNoticeMinutes: 60, bufferAfterMinutes: 10, maxPerDay: 6 };
const around: SlotSurroundings & BookingSecret = {
  secret: 's'.repeat(32),
  availability: { timeZone: 'America/New_York', weekly: WEEKDAYS.map((day) => ({ day, from: '09:00', to: '17:00' })), datesOff: [] },
  busy: [],
  now: Date.parse('2027-01-11T12:00:00Z'),
};
const visitor = (index: number): Visitor => ({
  name: `Visitor ${index}`,
  email: `v${index}@example.com`,
  phone: '+1 404 555 0100',
  note: null,
  zone: 'Asia/Tokyo',
});
const PLACE = '+1 404 555 0100';
const asked = (index: number) => ({ visitor: visitor(index), place: PLACE, holder: directHolder(visitor(index).email) });
const tenAm = Date.parse('2027-01-12T15:00:00Z'); // 10:00 in New York

describe.each(testDialects())('taking a slot (%s)', (dialect) => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices(dialect);
  });
  afterAll(async () => {
    await services.cleanup();
  });
  beforeEach(async () => {
    await services.db.deleteFrom('bookings').execute();
  });

  it('gives exactly one of 20 visitors who take the same slot at once the booking; the others hear it was taken', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) => bookSlot(services.db, { type, start: tenAm, ...asked(index) }, around)),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'booked')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === 'refused' && outcome.problem === 'taken')).toHaveLength(19);
    const rows = await services.db.selectFrom('bookings').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      startAt: new Date(tenAm).toISOString(),
      studioDate: '2027-01-12',
      status: 'confirmed',
      visitorZone: 'Asia/Tokyo',
    });
  });

  it('keeps the buffer between two visitors after neighbouring slots at once', async () => {
    // 10:00-10:20 with 10 minutes after, and 10:30 with its own: both fit. A type starting every 25 minutes offers 10:40, inside 10:30's.
    const [first, second] = await Promise.all([
      bookSlot(services.db, { type, start: tenAm, ...asked(1) }, around),
      bookSlot(services.db, { type, start: tenAm + 30 * 60_000, ...asked(2) }, around),
    ]);
    expect([first.kind, second.kind]).toEqual(['booked', 'booked']);
    const tight = { ...type, startEveryMinutes: 25 };
    const third = await bookSlot(services.db, { type: tight, start: tenAm + 40 * 60_000, ...asked(3) }, around);
    expect(third).toEqual({ kind: 'refused', problem: 'taken' });
  });

  it('holds the daily limit when visitors take different slots of one day at once', async () => {
    const limited = { ...type, maxPerDay: 2 };
    const starts = [0, 1, 2, 3, 4, 5].map((step) => tenAm + step * 60 * 60_000);
    const outcomes = await Promise.all(
      starts.map((start, index) => bookSlot(services.db, { type: limited, start: start, ...asked(index) }, around)),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'booked')).toHaveLength(2);
  });

  it('stores only the hashes of the links it hands out', async () => {
    const outcome = await bookSlot(services.db, { type, start: tenAm, ...asked(1) }, around);
    if (outcome.kind !== 'booked') throw new Error('not booked');
    expect(outcome.cancelToken).not.toBe(outcome.rescheduleToken);
    expect(outcome.booking.cancelTokenHash).toBe(tokenHashOf(outcome.cancelToken));
    // Derived, not stored: every e-mail about the booking can carry the same links.
    expect(bookingLinkToken(around.secret, outcome.booking.icsUid, 'reschedule')).toBe(outcome.rescheduleToken);
    expect(bookingLinkToken('t'.repeat(32), outcome.booking.icsUid, 'reschedule')).not.toBe(outcome.rescheduleToken);
    const stored = JSON.stringify(await services.db.selectFrom('bookings').selectAll().execute());
    expect(stored).not.toContain(outcome.cancelToken);
    expect(stored).not.toContain(outcome.rescheduleToken);
  });

  it('names a visitor’s mistake apart from a slot just taken, and stores nothing for either', async () => {
    expect(await bookSlot(services.db, { type, start: tenAm + 60_000, ...asked(1) }, around)).toEqual({
      kind: 'refused',
      problem: 'not-a-slot',
    });
    expect(await bookSlot(services.db, { type, start: around.now - 60_000, ...asked(1) }, around)).toEqual({
      kind: 'refused',
      problem: 'past',
    });
    expect(await bookSlot(services.db, { type, start: around.now + 90 * 24 * 3_600_000, ...asked(1) }, around)).toEqual({
      kind: 'refused',
      problem: 'too-far',
    });
    expect(await services.db.selectFrom('bookings').selectAll().execute()).toEqual([]);
    // Nor does a mistake lock (and so record) the dates it names.
    expect(
      await services.db.selectFrom('bookingDays').selectAll().where('studioDate', 'in', ['2027-01-11', '2027-04-11']).execute(),
    ).toEqual([]);
  });

  it('moves a booking to a free slot, frees the old one, and counts the change in the invitation', async () => {
    const booked = await bookSlot(services.db, { type, start: tenAm, ...asked(1) }, around);
    if (booked.kind !== 'booked') throw new Error('not booked');
    const moved = await moveBooking(services.db, booked.booking.id, type, tenAm + 2 * 60 * 60_000, around);
    expect(moved).toMatchObject({
      kind: 'moved',
      booking: { icsUid: booked.booking.icsUid, icsSequence: 1, startAt: new Date(tenAm + 2 * 60 * 60_000).toISOString() },
    });
    expect((await bookSlot(services.db, { type, start: tenAm, ...asked(2) }, around)).kind).toBe('booked');
  });

  it('moves a booking onto a slot next to its own old time, but not onto another’s', async () => {
    const first = await bookSlot(services.db, { type, start: tenAm, ...asked(1) }, around);
    const second = await bookSlot(services.db, { type, start: tenAm + 60 * 60_000, ...asked(2) }, around);
    if (first.kind !== 'booked' || second.kind !== 'booked') throw new Error('not booked');
    expect(await moveBooking(services.db, first.booking.id, type, tenAm + 60 * 60_000, around)).toEqual({
      kind: 'refused',
      problem: 'taken',
    });
    expect((await moveBooking(services.db, first.booking.id, type, tenAm + 30 * 60_000, around))?.kind).toBe('moved');
  });

  it('answers null for a booking that is not confirmed', async () => {
    const booked = await bookSlot(services.db, { type, start: tenAm, ...asked(1) }, around);
    if (booked.kind !== 'booked') throw new Error('not booked');
    await services.db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', booked.booking.id).execute();
    expect(await moveBooking(services.db, booked.booking.id, type, tenAm + 60 * 60_000, around)).toBeNull();
  });

  describe('what one person may hold', () => {
    const HALF_HOUR = 30 * 60_000;
    const limits = { perEmail: 2, perClient: 3 };
    const take = (index: number, email: string, ip: string, now = around.now) =>
      bookSlot(
        services.db,
        {
          type,
          start: tenAm + index * HALF_HOUR,
          visitor: { ...visitor(index), email },
          place: PLACE,
          holder: holderOf(around.secret, email, ip, limits),
        },
        { ...around, now },
      );

    it('lets one e-mail address hold two upcoming consultations, however many it asks for at once, in any letter case', async () => {
      const emails = ['Aiko@Example.jp', 'aiko@example.jp', ' AIKO@example.JP', 'aiko@EXAMPLE.jp', 'aIko@example.jp', 'aiko@example.jp'];
      const outcomes = await Promise.all(emails.map((email, index) => take(index, email.trim(), `203.0.113.${index + 1}`)));
      expect(outcomes.filter((outcome) => outcome.kind === 'booked')).toHaveLength(2);
      expect(outcomes.filter((outcome) => outcome.kind !== 'booked')).toEqual(Array(4).fill({ kind: 'held', holding: { by: 'email' } }));
      // A cancelled one frees its place; one that has started no longer counts.
      const [first] = await services.db.selectFrom('bookings').selectAll().orderBy('startAt').execute();
      await services.db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', first!.id).execute();
      expect((await take(8, 'aiko@example.jp', '203.0.113.9')).kind).toBe('booked');
      expect((await take(9, 'aiko@example.jp', '203.0.113.9')).kind).toBe('held');
      const [earliest] = await services.db
        .selectFrom('bookings')
        .select('startAt')
        .where('status', '=', 'confirmed')
        .orderBy('startAt')
        .execute();
      expect((await take(10, 'aiko@example.jp', '203.0.113.9', Date.parse(earliest!.startAt) + 1)).kind).toBe('booked');
    });

    it('lets one client network hold three, whatever the e-mail addresses, and says when it may book again', async () => {
      // Addresses of one IPv6 /64 are one client.
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, (_, index) => take(index, `v${index}@example.com`, `2001:db8:1:2:${index + 1}::7`)),
      );
      const booked = outcomes.flatMap((outcome) => (outcome.kind === 'booked' ? [Date.parse(outcome.booking.startAt)] : []));
      expect(booked).toHaveLength(3);
      const retryAfterSeconds = Math.ceil((Math.min(...booked) - around.now) / 1000);
      expect(outcomes.filter((outcome) => outcome.kind !== 'booked')).toEqual(
        Array(3).fill({ kind: 'held', holding: { by: 'client', retryAfterSeconds } }),
      );
      // Another network is another client.
      expect((await take(7, 'other@example.com', '2001:db8:1:3::7')).kind).toBe('booked');
      const rows = await services.db.selectFrom('bookings').select(['emailKey', 'clientKey']).execute();
      expect(rows.map((row) => row.clientKey).join(' ')).not.toContain('2001');
    });
  });
});
