import { DEFAULT_CONSULTATION, type BookingSettings } from '#common/booking/settings.ts';
import { InvoiceService } from '#server/billing/invoices.ts';
import { bookSlot } from '#server/booking/book-slot.ts';
import { seal } from '#server/crypto/secret-box.ts';
import { directHolder } from './booking-fixture.ts';
import type { TestApp } from './app.ts';

/* The backup fixture's consultations and invoices (server/test-support/site-fixture.ts): a row in every booking and billing table. */

/** The owner's booking settings with a sealed calendar feed, the feed's last copy, and one booking. */
export async function populateBookings(t: TestApp): Promise<void> {
  const { db, config } = t.services;
  const settings: BookingSettings = { types: [DEFAULT_CONSULTATION], weekly: [{ day: 'tue', from: '09:00', to: '17:00' }], datesOff: [] };
  await db
    .insertInto('bookingSettings')
    .values({
      id: 1,
      data: JSON.stringify(settings),
      version: 1,
      feedUrlSealed: seal('https://calendar.example.com/owner.ics', config.SESSION_SECRET),
      calendarTokenSealed: null,
    })
    .execute();
  await db
    .insertInto('bookingFeed')
    .values({
      id: 1,
      body: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR',
      fetchedAt: new Date().toISOString(),
      attemptedAt: null,
      error: null,
      expandedAt: new Date().toISOString(),
      expandedFrom: '2030-01-06T12:00:00.000Z',
      expandedUntil: '2030-02-07T12:00:00.000Z',
      expandedZone: 'America/New_York',
      busyCount: 1,
    })
    .execute();
  await db.insertInto('bookingBusyTimes').values({ startAt: '2030-01-09T15:00:00.000Z', endAt: '2030-01-09T16:00:00.000Z' }).execute();
  const availability = { timeZone: 'America/New_York', weekly: settings.weekly, datesOff: [] };
  const now = Date.parse('2030-01-07T12:00:00Z');
  const visitor = { name: 'Sam Visitor', email: 'sam@example.com', phone: '+1 404 555 0100', note: 'An EP', zone: 'Europe/London' };
  const booked = await bookSlot(
    db,
    {
      type: DEFAULT_CONSULTATION,
      start: Date.parse('2030-01-08T15:00:00Z'),
      visitor,
      place: visitor.phone,
      holder: directHolder(visitor.email),
    },
    {
      availability,
      busy: [],
      now,
      secret: config.SESSION_SECRET,
    },
  );
  if (booked.kind !== 'booked') throw new Error(`booking not made: ${JSON.stringify(booked)}`);
}

/** A sent invoice of the fixture's project, paid in part by hand and in part by a Stripe event. */
export async function populateBilling(t: TestApp): Promise<void> {
  const { db } = t.services;
  const project = await db.selectFrom('projects').select('id').orderBy('id').executeTakeFirstOrThrow();
  const invoices = new InvoiceService(db, t.services.projects.projectsForBilling, async () => ({
    prefix: 'ATL',
    currency: 'USD',
    paymentTermsDays: 14,
    reminderDaysBefore: 3,
    timeZoneOf: async () => 'America/New_York',
  }));
  const made = await invoices.create(project.id, {
    lines: [{ description: 'Mix and master', amountCents: 30_000 }],
    taxPercent: 7,
    kind: 'deposit',
  });
  if (made.kind !== 'done') throw new Error(`invoice not made: ${made.kind}`);
  await invoices.send(made.invoice.id);
  const paid = await invoices.recordPayment(made.invoice.id, { amountCents: 10_000, method: 'bank_transfer', reference: 'TX 42' }, 1);
  if (paid.kind !== 'done') throw new Error(`payment not recorded: ${paid.kind}`);
  // The project's payment plan (decision 103): the deposit invoiced, the balance waiting for the masters.
  const now = new Date().toISOString();
  await db
    .insertInto('paymentPlans')
    .values({ projectId: project.id, depositPercent: 50, depositGatesUploads: 1, startedAt: now, updatedAt: now })
    .execute();
  await db
    .insertInto('paymentPlanParts')
    .values([
      {
        projectId: project.id,
        position: 0,
        kind: 'deposit',
        amountCents: 30_000,
        dueRule: 'at_start',
        dueOn: null,
        dueDays: null,
        invoiceId: made.invoice.id,
        updatedAt: now,
      },
      {
        projectId: project.id,
        position: 1,
        kind: 'balance',
        amountCents: 30_000,
        dueRule: 'days_after_delivery',
        dueOn: null,
        dueDays: 14,
        invoiceId: null,
        updatedAt: now,
      },
    ])
    .execute();
  await db.insertInto('stripeEvents').values({ id: 'evt_fixture', type: 'checkout.session.completed' }).execute();
  // A refund still waiting for its payment, and the session the server asked the rest with.
  await db
    .insertInto('stripeEvents')
    .values({ id: 'evt_fixture_refund', type: 'charge.refunded', waitingFor: 'pi_fixture', payload: '{"id":"evt_fixture_refund"}' })
    .execute();
  await db.insertInto('stripePaymentIntents').values({ id: 'pi_fixture' }).execute();
  // A card dispute the studio won (the payment's notice is in billing_notices already).
  await db
    .insertInto('cardDisputes')
    .values({
      id: 'dp_fixture',
      invoiceId: made.invoice.id,
      amountCents: 1_000,
      currency: 'USD',
      state: 'won',
      openedAt: new Date().toISOString(),
      closedAt: new Date().toISOString(),
    })
    .execute();
  await db
    .insertInto('stripeCheckouts')
    .values({ id: 'cs_fixture', invoiceId: made.invoice.id, amountCents: paid.invoice.amountDueCents, currency: 'USD' })
    .execute();
}
