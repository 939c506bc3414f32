import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ASSIGN_MESSAGES } from '#common/booking/admin.ts';
import { STAFF_CAPABILITIES } from '#common/staff-roles.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { bookingBody, openBookingDays, postBooking } from '#server/test-support/booking-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';
import { call, keptMail, signedInStaff } from '#server/test-support/staff-fixture.ts';

/*
 * A booking given to a team member (decision 121): the owner and the front desk assign, everyone
 * sees who has it, the visitor's confirmation names the person, and the person is e-mailed.
 */
describe.each(testDialects())('booking assignment (%s)', (dialect) => {
  let t: TestApp;
  let mail: ReturnType<typeof keptMail>;
  let owner: { id: number; cookie: string };
  let desk: { id: number; cookie: string };
  let eve: { id: number; cookie: string };
  let bookingId: number;
  let visitor: string;

  beforeAll(async () => {
    mail = keptMail();
    t = await createTestApp(dialect, { mailer: mail, env: { TRUST_PROXY: 'loopback' } });
    owner = await signedInStaff(t, 'owner', 'assign-owner');
    desk = await signedInStaff(t, 'assistant', 'front-desk');
    eve = await signedInStaff(t, 'engineer', 'eve-mixer');
    await t.services.db.updateTable('adminUsers').set({ displayName: 'Eve Mixer' }).where('id', '=', eve.id).execute();
    const days = await openBookingDays(t);
    const body = bookingBody(days[1]![0]!.start);
    visitor = body.email as string;
    const booked = await postBooking(t, body);
    expect(booked.status).toBe(201);
    await t.services.booking.bookingEmails.idle();
    const list = await call(t, 'get', '/api/admin/bookings', owner.cookie);
    bookingId = list.body.find((b: { email: string }) => b.email === visitor).id;
  });
  afterAll(() => t.close());

  const assign = (cookie: string, body: unknown, id = bookingId) =>
    call(t, 'put', `/api/admin/bookings/${id}/assignee`, cookie).send(body as object);

  it('an engineer may not assign; a bad id or someone not on the staff changes nothing', async () => {
    const refused = await assign(eve.cookie, { assigneeId: eve.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(STAFF_CAPABILITIES['bookings.assign'].refused);
    expect((await call(t, 'get', '/api/admin/bookings/assignees', eve.cookie)).status).toBe(403);
    for (const bad of [{ assigneeId: 2 ** 31 }, { assigneeId: 'eve' }, {}, { assigneeId: eve.id, extra: 1 }]) {
      expect((await assign(desk.cookie, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const nobody = await assign(desk.cookie, { assigneeId: 999_999 });
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toBe(BOOKING_ASSIGN_MESSAGES.notAssignable);
    expect((await assign(desk.cookie, { assigneeId: eve.id }, 2 ** 31)).status).toBe(404);
    expect((await assign(desk.cookie, { assigneeId: eve.id }, 424_242)).status).toBe(404);
    const booking = await call(t, 'get', `/api/admin/bookings/${bookingId}`, owner.cookie);
    expect(booking.body).toMatchObject({ assigneeId: null, assignee: null });
  });

  it('the front desk gives it to Eve: the visitor’s confirmation names her, she is e-mailed, everyone sees it', async () => {
    const people = await call(t, 'get', '/api/admin/bookings/assignees', desk.cookie);
    expect(people.body.assignees).toContainEqual({ id: eve.id, name: 'Eve Mixer' });
    const before = mail.sent.length;
    const given = await assign(desk.cookie, { assigneeId: eve.id });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ assigneeId: eve.id, assignee: { id: eve.id, name: 'Eve Mixer' } });
    await t.services.booking.bookingEmails.idle();
    const sent = mail.sent.slice(before);
    const confirmation = sent.find((m) => m.to === visitor && m.subject.startsWith('Booked:'));
    expect(confirmation?.subject).toContain('with Eve Mixer');
    expect(confirmation?.text).toContain('With: Eve Mixer');
    expect(confirmation?.icalEvent?.method).toBe('REQUEST');
    expect(sent.filter((m) => m.to === 'eve-mixer@example.com' && m.subject.startsWith('Assigned to you:'))).toHaveLength(1);

    const seen = await call(t, 'get', '/api/admin/bookings', eve.cookie);
    expect(seen.body.find((b: { id: number }) => b.id === bookingId).assignee).toEqual({ id: eve.id, name: 'Eve Mixer' });
    // The same person again is no news: nothing more is sent.
    const again = mail.sent.length;
    expect((await assign(owner.cookie, { assigneeId: eve.id })).status).toBe(200);
    await t.services.booking.bookingEmails.idle();
    expect(mail.sent.length).toBe(again);
    const entry = await t.services.db
      .selectFrom('auditEntries')
      .select(['adminUserId', 'action'])
      .where('action', 'like', 'Booking of % assigned')
      .orderBy('id')
      .executeTakeFirst();
    expect(entry).toMatchObject({ adminUserId: desk.id });
  });

  it('her choice stops her notice; taking it from her tells the visitor nothing', async () => {
    expect((await call(t, 'put', '/api/admin/me/notices', eve.cookie).send({ bookings: false })).status).toBe(200);
    const before = mail.sent.length;
    expect((await assign(owner.cookie, { assigneeId: owner.id })).status).toBe(200);
    // (Sent before the next change: a notice is worded as things are when it goes, to whoever has the booking then.)
    await t.services.booking.bookingEmails.idle();
    expect((await assign(owner.cookie, { assigneeId: eve.id })).status).toBe(200);
    await t.services.booking.bookingEmails.idle();
    const sent = mail.sent.slice(before);
    expect(sent.filter((m) => m.to === 'eve-mixer@example.com')).toEqual([]);
    expect(sent.filter((m) => m.to === 'assign-owner@example.com' && m.subject.startsWith('Assigned to you:'))).toHaveLength(1);
    const after = mail.sent.length;
    const cleared = await assign(owner.cookie, { assigneeId: null });
    expect(cleared.body).toMatchObject({ assigneeId: null, assignee: null });
    await t.services.booking.bookingEmails.idle();
    expect(mail.sent.length).toBe(after);
  });
});
