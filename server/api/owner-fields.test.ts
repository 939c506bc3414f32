import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONSULTATION } from '#common/booking/settings.ts';
import { WEEKDAYS } from '#common/site-content/weekdays.ts';
import { bookSlot } from '#server/booking/book-slot.ts';
import { STUDIO_ZONE } from '#server/test-support/booking-fixture.ts';
import { createProjectsTestApp, projectWithClient, type ProjectsTestApp } from '#server/test-support/project-fixture.ts';
import { allRows } from '#server/test-support/site-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';
import { directHolder } from '#server/test-support/booking-fixture.ts';

/*
 * The owner's own words on invoices, payments and bookings go through the shared text rules, and
 * their dates through the one calendar-date reader: a NUL used to reach PostgreSQL (a 500), and a
 * date like 2027-99-99 made the schema itself throw "Invalid time value" (a 500 on both databases).
 * Each is a 400 naming the field now, and nothing is written.
 */

const NUL = '\u0000';
const HOUR = 3_600_000;
// The e-mail queues are left out: their senders may mark a sent e-mail while a request is refused.
const TABLES = ['invoices', 'invoice_lines', 'payments', 'bookings', 'booking_settings', 'booking_feed'];
const line = (description: string, amountCents = 10_000) => ({ description, amountCents });

type Answer = { status: number; body: { errors?: Record<string, string[]> } };

describe.each(testDialects())('owner fields of invoices, payments and bookings (%s)', (dialect) => {
  let t: ProjectsTestApp;
  let projectId: number;
  let draftId: number;
  let sentId: number;
  let bookingId: number;

  beforeAll(async () => {
    t = await createProjectsTestApp(dialect);
    projectId = (await projectWithClient(t, { clientEmail: 'fields@example.com' })).project.id;
    draftId = (await t.asAdmin.post(`/api/admin/projects/${projectId}/invoices`).send({ lines: [line('Mix')] })).body.id;
    sentId = (await t.asAdmin.post(`/api/admin/projects/${projectId}/invoices`).send({ lines: [line('Master')] })).body.id;
    expect((await t.asAdmin.post(`/api/admin/invoices/${sentId}/send`)).status).toBe(200);
    bookingId = await futureBooking();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A confirmed consultation two days ahead, through the write the booking API uses. */
  async function futureBooking(): Promise<number> {
    const start = Math.floor((Date.now() + 48 * HOUR) / HOUR) * HOUR;
    const type = { ...DEFAULT_CONSULTATION, minimumNoticeMinutes: 0 };
    const availability = { timeZone: STUDIO_ZONE, weekly: WEEKDAYS.map((day) => ({ day, from: '00:00', to: '23:30' })), datesOff: [] };
    const visitor = { name: 'Visitor', email: 'visitor@example.com', phone: '+1 404 555 0100', note: null, zone: STUDIO_ZONE };
    const outcome = await bookSlot(
      t.services.db,
      { type, start, visitor, place: visitor.phone, holder: directHolder(visitor.email) },
      { availability, busy: [], now: Date.now(), secret: t.services.config.SESSION_SECRET },
    );
    if (outcome.kind !== 'booked') throw new Error(`booking not made: ${outcome.kind}`);
    return outcome.booking.id;
  }

  /** Sends the request and expects a 400 whose `field` says `message`, with the tables exactly as they were. */
  async function expectRefused(send: () => PromiseLike<Answer>, field: string, message: RegExp) {
    const before = await allRows(t, TABLES);
    const res = await send();
    expect(res.status, field).toBe(400);
    expect(res.body.errors?.[field]?.join(' '), field).toMatch(message);
    expect(await allRows(t, TABLES)).toEqual(before);
  }

  const CONTROL = /must not contain control characters/;
  const requests: Array<[string, (text: string) => PromiseLike<Answer>, string]> = [
    ['invoice line', (text) => t.asAdmin.post(`/api/admin/projects/${projectId}/invoices`).send({ lines: [line(text)] }), 'lines'],
    [
      'invoice notes on create',
      (text) => t.asAdmin.post(`/api/admin/projects/${projectId}/invoices`).send({ lines: [line('Mix')], notes: text }),
      'notes',
    ],
    ['invoice notes on change', (text) => t.asAdmin.patch(`/api/admin/invoices/${draftId}`).send({ notes: text }), 'notes'],
    [
      'payment reference',
      (text) =>
        t.asAdmin.post(`/api/admin/invoices/${sentId}/payments`).send({ amountCents: 100, method: 'bank_transfer', reference: text }),
      'reference',
    ],
    ['void reason', (text) => t.asAdmin.post(`/api/admin/invoices/${sentId}/void`).send({ reason: text }), 'reason'],
    ['booking notes', (text) => t.asAdmin.patch(`/api/admin/bookings/${bookingId}`).send({ ownerNotes: text }), 'ownerNotes'],
    ['booking cancel message', (text) => t.asAdmin.post(`/api/admin/bookings/${bookingId}/cancel`).send({ message: text }), 'message'],
  ];

  it.each(requests)('the %s refuses a NUL, an escape and a lone surrogate', async (_name, send, field) => {
    for (const text of [`Thanks${NUL}`, 'Thanks \u001b[31mred', 'Thanks \ud800']) await expectRefused(() => send(text), field, CONTROL);
  });

  it('the booking settings refuse a NUL in a consultation name or description, a day off label, the feed address', async () => {
    const current = (await t.asAdmin.get('/api/admin/booking/settings')).body;
    const type = current.settings.types[0];
    const save =
      (settings: object, feedUrl = '') =>
      () =>
        t.asAdmin
          .put('/api/admin/booking/settings')
          .send({ version: current.version, settings: { ...current.settings, ...settings }, feedUrl });
    await expectRefused(save({ types: [{ ...type, name: `Call${NUL}` }] }), 'settings', CONTROL);
    await expectRefused(save({ types: [{ ...type, description: `A call${NUL}` }] }), 'settings', CONTROL);
    await expectRefused(save({ datesOff: [{ from: '2027-12-24', to: '2027-12-26', label: `Holidays${NUL}` }] }), 'settings', CONTROL);
    await expectRefused(
      save({ datesOff: [{ from: '2027-12-24', to: '2027-12-32', label: 'Holidays' }] }),
      'settings',
      /Last day is not a real date/,
    );
    await expectRefused(save({}, `https://calendar.example/${NUL}.ics`), 'feedUrl', CONTROL);
  });

  it('keeps line breaks in notes and reasons: the same rules, multi-line', async () => {
    const changed = await t.asAdmin.patch(`/api/admin/invoices/${draftId}`).send({ notes: 'Bank: ATL\r\n\tIBAN follows' });
    expect(changed.status).toBe(200);
    expect(changed.body.notes).toBe('Bank: ATL\r\n\tIBAN follows');
    const noted = await t.asAdmin.patch(`/api/admin/bookings/${bookingId}`).send({ ownerNotes: 'Call first\nthen send the link' });
    expect(noted.status).toBe(200);
    await expectRefused(
      () => t.asAdmin.post(`/api/admin/projects/${projectId}/invoices`).send({ lines: [line('Mix\nMaster')] }),
      'lines',
      CONTROL,
    );
  });

  it.each(['2027-99-99', '2027-02-30', '2027-13-01', '9999-99-99', '2027-3-15', 'soon'])(
    'answers a due date or payment day of %j with 400 naming the field',
    async (date) => {
      const message = /Due date (is not a real date|must be a date like 2027-03-15)/;
      await expectRefused(
        () => t.asAdmin.post(`/api/admin/projects/${projectId}/invoices`).send({ lines: [line('Mix')], dueDate: date }),
        'dueDate',
        message,
      );
      await expectRefused(() => t.asAdmin.patch(`/api/admin/invoices/${draftId}`).send({ dueDate: date }), 'dueDate', message);
      await expectRefused(
        () => t.asAdmin.post(`/api/admin/invoices/${sentId}/payments`).send({ amountCents: 100, method: 'cash', paidOn: date }),
        'paidOn',
        /Paid on (is not a real date|must be a date like 2027-03-15)/,
      );
    },
  );

  it('takes a real date, a leap day included', async () => {
    const changed = await t.asAdmin.patch(`/api/admin/invoices/${draftId}`).send({ dueDate: '2028-02-29' });
    expect(changed.status).toBe(200);
    expect(changed.body.dueDate).toBe('2028-02-29');
    const paid = await t.asAdmin
      .post(`/api/admin/invoices/${sentId}/payments`)
      .send({ amountCents: 100, method: 'cash', paidOn: '2027-03-15' });
    expect(paid.status).toBe(201);
    expect(paid.body.payments.map((payment: { paidOn: string }) => payment.paidOn)).toEqual(['2027-03-15']);
  });
});
