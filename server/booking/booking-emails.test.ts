import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONSULTATION } from '#common/booking/settings.ts';
import { WEEKDAYS } from '#common/site-content/weekdays.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { directHolder } from '#server/test-support/booking-fixture.ts';
import { memoryMailer } from '#server/test-support/project-fixture.ts';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { bookSlot, cancelBooking, moveBooking, type SlotSurroundings } from './book-slot.ts';
import { bookingLinkToken } from './booking-links.ts';
import { sendDueBookingEmails, type BookingEmailDeps } from './booking-emails.ts';

const HOUR = 3_600_000;
const STUDIO = { name: 'Decatur Sound', email: 'studio@example.com', responseHours: 12, timeZone: 'America/New_York' };
const type = { ...DEFAULT_CONSULTATION, minimumNoticeMinutes: 60 };
const booked = Date.parse('2027-03-10T12:00:00Z');
const start = Date.parse('2027-03-14T13:00:00Z'); // Sunday 9:00 in New York, the day the clocks change; 22:00 in Tokyo
const visitor = {
  name: 'Aiko Tanaka',
  email: 'aiko@example.jp',
  phone: '+81 90 1234 5678',
  note: 'An EP of five songs',
  zone: 'Asia/Tokyo',
};

describe.each(testDialects())('booking e-mails (%s)', (dialect) => {
  let services: TestServices;
  let deps: BookingEmailDeps & { mailer: { sent: MailMessage[] } };
  const around = (now: number): SlotSurroundings & { secret: string } => ({
    availability: { timeZone: 'America/New_York', weekly: WEEKDAYS.map((day) => ({ day, from: '09:00', to: '17:00' })), datesOff: [] },
    busy: [],
    now,
    secret: services.config.SESSION_SECRET,
  });

  beforeAll(async () => {
    services = await createTestServices(dialect);
    const mailer = memoryMailer();
    deps = {
      db: services.db,
      logger: services.logger,
      config: services.config,
      mailer,
      studioIdentity: async () => STUDIO,
      publicUrl: 'https://studio.example.com',
    };
  });
  afterAll(async () => {
    await services.cleanup();
  });
  beforeEach(async () => {
    await services.db.deleteFrom('bookings').execute();
    deps.mailer.sent.length = 0;
  });

  async function book(now = booked) {
    const outcome = await bookSlot(
      services.db,
      { type, start, visitor, place: visitor.phone, holder: directHolder(visitor.email) },
      around(now),
    );
    if (outcome.kind !== 'booked') throw new Error(JSON.stringify(outcome));
    return outcome;
  }
  const sentAt = async (at: number) => {
    await sendDueBookingEmails(deps, new Date(at));
    return deps.mailer.sent.splice(0).map((message) => ({ to: message.to, subject: message.subject }));
  };

  it('confirms to the visitor with an invitation at the slot, tells the studio, and reminds a day and an hour before', async () => {
    const { booking, cancelToken, rescheduleToken } = await book();
    await sendDueBookingEmails(deps, new Date(booked));
    const [confirmation, notice] = deps.mailer.sent.splice(0);
    expect(confirmation).toMatchObject({
      to: 'aiko@example.jp',
      subject: 'Booked: Free consultation with Decatur Sound, Mar 14, 2027, 10:00 PM GMT+9',
    });
    expect(confirmation!.text).toContain('When: Mar 14, 2027, 10:00 PM GMT+9 (your time)');
    expect(confirmation!.text).toContain("Mar 14, 2027, 9:00 AM EDT (the studio's time)");
    expect(confirmation!.text).toContain('We will call you at +81 90 1234 5678.');
    expect(confirmation!.text).toContain(`https://studio.example.com/book/cancel/${cancelToken}`);
    expect(confirmation!.text).toContain(`https://studio.example.com/book/reschedule/${rescheduleToken}`);
    const invitation = new ICAL.Component(ICAL.parse(confirmation!.icalEvent!.content));
    expect(confirmation!.icalEvent!.method).toBe('REQUEST');
    expect(new ICAL.Event(invitation.getFirstSubcomponent('vevent')!).startDate.toJSDate().getTime()).toBe(start);
    expect(notice).toMatchObject({
      to: 'studio@example.com',
      subject: 'New booking: Aiko Tanaka, Mar 14, 2027, 9:00 AM EDT',
      replyTo: 'aiko@example.jp',
    });
    expect(notice!.text).toContain('An EP of five songs');
    expect(notice!.text).not.toContain(cancelToken);
    expect(notice!.text).toContain('https://studio.example.com/manage/bookings');

    expect(await sentAt(start - 24 * HOUR - 60_000)).toEqual([]);
    expect(await sentAt(start - 24 * HOUR)).toEqual([
      { to: 'aiko@example.jp', subject: 'Tomorrow: Free consultation with Decatur Sound, Mar 14, 2027, 10:00 PM GMT+9' },
    ]);
    expect(await sentAt(start - HOUR)).toEqual([{ to: 'aiko@example.jp', subject: 'In an hour: Free consultation with Decatur Sound' }]);
    expect(await sentAt(start - HOUR + 60_000)).toEqual([]);
    expect(bookingLinkToken(services.config.SESSION_SECRET, booking.icsUid, 'cancel')).toBe(cancelToken);
  });

  it('never sends what the visitor typed (name, note) to their address, in mail or invitation; the studio’s notice has both', async () => {
    const typed = { ...visitor, name: 'Claim your prize at evil.example', note: 'Wire the fee to evil.example today' };
    const outcome = await bookSlot(
      services.db,
      { type, start, visitor: typed, place: typed.phone, holder: directHolder(typed.email) },
      around(booked),
    );
    if (outcome.kind !== 'booked') throw new Error(JSON.stringify(outcome));
    await sendDueBookingEmails(deps, new Date(booked));
    await moveBooking(services.db, outcome.booking.id, type, start + 24 * HOUR, around(booked + HOUR));
    await sendDueBookingEmails(deps, new Date(booked + HOUR));
    await sendDueBookingEmails(deps, new Date(start + 23 * HOUR));
    await cancelBooking(services.db, outcome.booking.id, { side: 'visitor' }, start + 23 * HOUR);
    await sendDueBookingEmails(deps, new Date(start + 23 * HOUR));
    const sent = deps.mailer.sent.splice(0);
    const toVisitor = sent.filter((message) => message.to === typed.email);
    expect(toVisitor.map((message) => message.subject.split(':')[0])).toEqual(['Booked', 'Moved', 'Tomorrow', 'In an hour', 'Cancelled']);
    for (const message of toVisitor) {
      expect(message.text.startsWith('Hello,\n'), message.subject).toBe(true);
      expect(`${message.subject}\n${message.text}\n${message.icalEvent?.content ?? ''}`).not.toContain('evil.example');
    }
    const notices = sent.filter((message) => message.to === STUDIO.email);
    expect(notices).toHaveLength(3);
    for (const notice of notices) expect(notice.text).toContain(typed.name);
    expect(notices[0]!.text).toContain(typed.note);
  });

  it('skips the day-before reminder of a booking made less than a day ahead', async () => {
    await book(start - 20 * HOUR);
    const kinds = await services.db.selectFrom('bookingEmails').select('kind').orderBy('kind').execute();
    expect(kinds.map((row) => row.kind)).toEqual(['confirmation', 'reminder_hour', 'studio_booked']);
  });

  it('moves the reminders with a rescheduled booking and sends the new time with the same invitation, one sequence on', async () => {
    const { booking } = await book();
    await sentAt(booked);
    const later = start + 24 * HOUR;
    const moved = await moveBooking(services.db, booking.id, type, later, around(booked + HOUR));
    expect(moved?.kind).toBe('moved');
    await sendDueBookingEmails(deps, new Date(booked + HOUR));
    const [rescheduled, notice] = deps.mailer.sent.splice(0);
    expect(rescheduled!.subject).toBe('Moved: Free consultation with Decatur Sound, now Mar 15, 2027, 10:00 PM GMT+9');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(rescheduled!.icalEvent!.content)).getFirstSubcomponent('vevent')!);
    expect([event.uid, event.sequence, event.startDate.toJSDate().getTime()]).toEqual([booking.icsUid, 1, later]);
    expect(notice!.subject).toBe('Moved: Aiko Tanaka, now Mar 15, 2027, 9:00 AM EDT');
    // The old time's reminders are gone; the new time's come.
    expect(await sentAt(start - HOUR)).toEqual([]);
    expect((await sentAt(later - HOUR)).map((message) => message.subject)).toEqual([
      'Tomorrow: Free consultation with Decatur Sound, Mar 15, 2027, 10:00 PM GMT+9',
      'In an hour: Free consultation with Decatur Sound',
    ]);
  });

  it('sends a cancellation the visitor’s calendar understands, with the studio’s message, and no reminders after it', async () => {
    const { booking } = await book();
    await sentAt(booked);
    const cancelled = await cancelBooking(
      services.db,
      booking.id,
      { side: 'studio', adminId: 1, message: 'The studio is closed that day, sorry.' },
      booked + HOUR,
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', icsSequence: 1, cancelledBy: 'admin:1' });
    expect(await cancelBooking(services.db, booking.id, { side: 'visitor' }, booked + HOUR)).toBeNull();
    await sendDueBookingEmails(deps, new Date(booked + HOUR));
    const [message, ...others] = deps.mailer.sent.splice(0);
    expect(others).toEqual([]);
    expect(message!.to).toBe('aiko@example.jp');
    expect(message!.text).toContain('The studio is closed that day, sorry.');
    expect(message!.text).not.toContain('/book/cancel/');
    const calendar = new ICAL.Component(ICAL.parse(message!.icalEvent!.content));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(new ICAL.Event(calendar.getFirstSubcomponent('vevent')!).sequence).toBe(1);
    expect(await sentAt(start - HOUR)).toEqual([]);
  });

  it('tells the studio when the visitor cancels', async () => {
    const { booking } = await book();
    await sentAt(booked);
    await cancelBooking(services.db, booking.id, { side: 'visitor' }, booked + HOUR);
    expect((await sentAt(booked + HOUR)).map((message) => message.to)).toEqual(['aiko@example.jp', 'studio@example.com']);
  });

  it('tries again after a mail fault, and sends each e-mail once', async () => {
    await book();
    const realSend = deps.mailer.send;
    deps.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    expect(await sendDueBookingEmails(deps, new Date(booked))).toMatchObject({ sent: 0, failed: 2 });
    deps.mailer.send = realSend;
    expect(await sentAt(booked + 1_000)).toEqual([]);
    expect((await sentAt(booked + 5 * 60_000)).length).toBe(2);
    expect(await sentAt(booked + 60 * 60_000)).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('reminders with two instances on one PostgreSQL', () => {
  let first: TestServices;
  let second: TestServices;
  beforeAll(async () => {
    first = await createTestServices('postgres');
    second = await createTestServices('postgres', { sameDatabaseAs: first });
  });
  afterAll(async () => {
    await second.cleanup();
    await first.cleanup();
  });

  it('go out once although both instances send at the same moment', async () => {
    const around: SlotSurroundings & { secret: string } = {
      availability: { timeZone: 'America/New_York', weekly: WEEKDAYS.map((day) => ({ day, from: '09:00', to: '17:00' })), datesOff: [] },
      busy: [],
      now: booked,
      secret: first.config.SESSION_SECRET,
    };
    for (const hour of [0, 1, 2, 3]) {
      const outcome = await bookSlot(
        first.db,
        {
          type,
          start: start + hour * HOUR,
          visitor: { ...visitor, email: `v${hour}@example.com` },
          place: visitor.phone,
          holder: directHolder(`v${hour}@example.com`),
        },
        around,
      );
      expect(outcome.kind).toBe('booked');
    }
    const mailers = [memoryMailer(), memoryMailer()];
    const depsOf = (services: TestServices, index: number): BookingEmailDeps => ({
      db: services.db,
      logger: services.logger,
      config: services.config,
      mailer: mailers[index]!,
      studioIdentity: async () => STUDIO,
      publicUrl: 'https://studio.example.com',
    });
    for (const at of [booked, start - 24 * HOUR + 3 * HOUR, start - HOUR, start, start + HOUR, start + 2 * HOUR]) {
      await Promise.all([sendDueBookingEmails(depsOf(first, 0), new Date(at)), sendDueBookingEmails(depsOf(second, 1), new Date(at))]);
    }
    const all = mailers.flatMap((mailer) => mailer.sent.map((message) => `${message.to} ${message.subject}`));
    // Four bookings: a confirmation, a studio notice, a day and an hour reminder each, none twice.
    expect(all).toHaveLength(16);
    expect(new Set(all).size).toBe(16);
  });
});
