import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_PROBLEM_MESSAGES } from '#common/booking/booking-request.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { bookingBody, eventsIn, linksIn, nextClientIp, slotDays, slotList, type Slot } from '#server/test-support/booking-fixture.ts';
import { memoryMailer } from '#server/test-support/project-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';

/*
 * The two links of the confirmation e-mail, used as a visitor would: the tokens are read from the
 * e-mail the app sent, then cancel or reschedule the booking over HTTP.
 */
describe.each(testDialects())('the e-mailed cancel and reschedule links (%s)', (dialect) => {
  const mailer = memoryMailer();
  let t: TestApp;
  let days: Slot[][];

  beforeAll(async () => {
    t = await createTestApp(dialect, { mailer, env: { TRUST_PROXY: 'loopback' } });
    days = await slotDays(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Books `slot` and answers the e-mail the visitor got for it. */
  async function bookAndRead(slot: Slot): Promise<{ email: string; confirmation: MailMessage; links: ReturnType<typeof linksIn> }> {
    const body = bookingBody(slot.start);
    await t.request.post('/api/bookings').set('X-Forwarded-For', nextClientIp()).send(body).expect(201);
    await t.services.booking.bookingEmails.idle();
    const confirmation = mailer.sent.find((mail) => mail.to === body.email && mail.subject.startsWith('Booked:'));
    if (!confirmation) throw new Error('no confirmation e-mail');
    return { email: String(body.email), confirmation, links: linksIn(confirmation) };
  }
  const offered = async () => (await slotList(t)).map((slot) => slot.start);
  const cancel = (token: string) => t.request.post(`/api/bookings/${token}/cancel`);
  const reschedule = (token: string, start: string) => t.request.post(`/api/bookings/${token}/reschedule`).send({ start });

  it('moves a booking with the reschedule link: the old time is free again, the invitation keeps its UID one sequence on', async () => {
    const [from, to] = [days[1]![1]!, days[2]![3]!];
    const { email, confirmation, links } = await bookAndRead(from);
    const [invited] = eventsIn(confirmation.icalEvent!.content);

    // The reschedule page's slots include the booking's own neighbourhood: its own time does not block them.
    const page = await t.request.get(`/api/bookings/${links.reschedule}/reschedule`).query({ from: days[1]![0]!.start }).expect(200);
    expect(page.body.booking).toMatchObject({ start: from.start, status: 'confirmed' });
    expect(page.body.slots.slots.map((slot: Slot) => slot.start)).toContain(from.start);

    const moved = await reschedule(links.reschedule, to.start).expect(200);
    expect(moved.body).toMatchObject({ start: to.start, end: to.end, status: 'confirmed' });
    const slots = await offered();
    expect(slots).toContain(from.start);
    expect(slots).not.toContain(to.start);

    await t.services.booking.bookingEmails.idle();
    const notice = mailer.sent.find((mail) => mail.to === email && mail.subject.startsWith('Moved:'));
    const [event] = eventsIn(notice!.icalEvent!.content);
    expect(notice!.icalEvent!.method).toBe('REQUEST');
    expect([event!.uid, event!.sequence, event!.startDate.toJSDate().toISOString()]).toEqual([invited!.uid, 1, to.start]);
    // The links of the first e-mail still work for the moved booking.
    expect(linksIn(notice!)).toEqual(links);
  });

  it('refuses a move to a time that is not a slot with 400, and to a taken one with 409 and fresh slots', async () => {
    const [mine, theirs] = [days[3]![0]!, days[3]![4]!];
    const { links } = await bookAndRead(mine);
    await bookAndRead(theirs);
    const offSlot = await reschedule(links.reschedule, new Date(Date.parse(mine.start) + 7 * 60_000).toISOString()).expect(400);
    expect(offSlot.body.errors).toEqual({ start: [SLOT_PROBLEM_MESSAGES['not-a-slot']] });
    expect((await reschedule(links.reschedule, 'soon').expect(400)).body.errors).toHaveProperty('start');
    const taken = await reschedule(links.reschedule, theirs.start).expect(409);
    expect(taken.body.slots.slots.map((slot: Slot) => slot.start)).not.toContain(theirs.start);
    // Still where it was.
    expect((await t.request.get(`/api/bookings/${links.reschedule}/reschedule`).expect(200)).body.booking.start).toBe(mine.start);
  });

  it('cancels once with the cancel link; the slot is offered again and the link then answers 409', async () => {
    const slot = days[4]![2]!;
    const { email, links } = await bookAndRead(slot);
    expect(await offered()).not.toContain(slot.start);
    const cancelled = await cancel(links.cancel).expect(200);
    expect(cancelled.body).toMatchObject({ start: slot.start, status: 'cancelled' });
    expect(await offered()).toContain(slot.start);
    expect((await cancel(links.cancel)).status).toBe(409);
    // Nor can it be moved any more.
    expect((await reschedule(links.reschedule, days[4]![5]!.start)).status).toBe(409);
    await t.services.booking.bookingEmails.idle();
    const cancellation = mailer.sent.find((mail) => mail.to === email && mail.icalEvent?.method === 'CANCEL');
    expect(cancellation).toBeDefined();
  });

  it('answers 404 for an unknown token, and a link used for the other purpose names nothing', async () => {
    const slot = days[5]![1]!;
    const { links } = await bookAndRead(slot);
    const unknown = randomBytes(32).toString('base64url');
    for (const token of [unknown, 'short', '%00', 'x'.repeat(500)]) {
      expect((await cancel(token)).status, token).toBe(404);
      expect((await reschedule(token, slot.start)).status, token).toBe(404);
      expect((await t.request.get(`/api/bookings/${token}/reschedule`)).status, token).toBe(404);
    }
    expect((await reschedule(links.cancel, days[5]![3]!.start)).status).toBe(404);
    expect((await t.request.get(`/api/bookings/${links.cancel}/reschedule`)).status).toBe(404);
    expect((await cancel(links.reschedule)).status).toBe(404);
    // And the booking is untouched by all of it.
    expect((await t.request.get(`/api/bookings/${links.reschedule}/reschedule`).expect(200)).body.booking).toMatchObject({
      start: slot.start,
      status: 'confirmed',
    });
  });
});
