import { Temporal } from 'temporal-polyfill';
import {
  bookingListQuerySchema,
  cancelByStudioSchema,
  updateBookingSchema,
  type BookingStatusName,
  type BookingSummary,
  type StudioBooking,
} from '#common/booking/admin.ts';
import type { MeetingKind } from '#common/booking/settings.ts';
import { validate, type FieldErrors } from '#common/validation.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import { isoOf, type Booking, type BookingContext } from './booking-context.ts';
import { cancelBooking } from './book-slot.ts';
import { queueBookingEmails } from './booking-emails.ts';
import { studioDate } from './slot-rules.ts';

/*
 * The owner's side of booking: the list of bookings, cancelling one with a message, marking a
 * no-show, notes, and the dashboard's counts; the settings, the calendar feed and the private
 * subscription are studio-settings.ts, answered here too.
 */

const LIST_LIMIT = 500;

export type StudioChangeOutcome =
  | { kind: 'invalid'; message: string; errors: FieldErrors }
  | { kind: 'not-found' }
  | { kind: 'conflict'; message: string }
  | { kind: 'changed'; booking: StudioBooking };

function studioView(booking: Booking): StudioBooking {
  return {
    id: booking.id,
    typeKey: booking.typeKey,
    typeName: booking.typeName,
    meeting: booking.meeting as MeetingKind,
    place: booking.place,
    start: booking.startAt,
    end: booking.endAt,
    status: booking.status,
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    note: booking.note,
    visitorZone: booking.visitorZone,
    ownerNotes: booking.ownerNotes,
    cancelledAt: booking.cancelledAt,
    cancelledBy: booking.cancelledBy === null ? null : booking.cancelledBy === 'visitor' ? 'visitor' : 'studio',
    cancelMessage: booking.cancelMessage,
    createdAt: String(booking.createdAt),
    assigneeId: booking.assigneeId ?? null,
  };
}

export class StudioBookings {
  constructor(private readonly context: BookingContext) {}

  async list(
    query: unknown,
  ): Promise<{ kind: 'invalid'; message: string; errors: FieldErrors } | { kind: 'list'; bookings: StudioBooking[] }> {
    const parsed = validate(bookingListQuerySchema, query, 'Invalid booking query');
    if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
    const { from, to, status } = parsed.data;
    const now = isoOf(this.context.now());
    let select = this.context.db.selectFrom('bookings').selectAll();
    if (from) select = select.where('endAt', '>', new Date(from).toISOString());
    if (to) select = select.where('startAt', '<', new Date(to).toISOString());
    if (status === 'upcoming') select = select.where('status', '=', 'confirmed').where('endAt', '>', now);
    else if (status === 'past') select = select.where('status', '!=', 'cancelled').where('endAt', '<=', now);
    else if (status) select = select.where('status', '=', status);
    // Upcoming reads soonest first; every other list newest first.
    const rows = await select
      .orderBy('startAt', status === 'upcoming' ? 'asc' : 'desc')
      .limit(LIST_LIMIT)
      .execute();
    return { kind: 'list', bookings: rows.map(studioView) };
  }

  async one(id: number): Promise<StudioBooking | null> {
    const row = await this.context.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? studioView(row) : null;
  }

  async cancel(id: number, adminId: number, body: unknown): Promise<StudioChangeOutcome> {
    const parsed = validate(cancelByStudioSchema, body ?? {}, 'Invalid message');
    if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
    const current = await this.context.db.selectFrom('bookings').select(['status', 'startAt']).where('id', '=', id).executeTakeFirst();
    if (!current) return { kind: 'not-found' };
    // Once it has started, a cancellation e-mail would be wrong: it took place, or the visitor did not come (a no-show).
    if (current.status === 'confirmed' && Date.parse(current.startAt) <= this.context.now())
      return { kind: 'conflict', message: 'This consultation has already started: mark it as a no-show instead' };
    const by = { side: 'studio' as const, adminId, message: parsed.data.message };
    const cancelled = await cancelBooking(this.context.db, id, by, this.context.now());
    if (!cancelled) return { kind: 'conflict', message: 'Only a confirmed consultation can be cancelled' };
    // The owner's request tells the other instances (clear-on-write.ts); this one's lists read afresh now.
    this.context.slotInputs.changed();
    this.context.emailsQueued();
    this.context.logger.info({ bookingId: id, adminId }, 'consultation cancelled by the studio');
    return { kind: 'changed', booking: (await this.one(id))! };
  }

  /**
   * Gives the booking to a team member (checked by server/flows/assign-booking.ts) or to nobody. Giving
   * it to someone new is a change the visitor hears of: a fresh confirmation naming them, and the
   * invitation's next sequence (its reminders with it); the person is told too. In one transaction.
   */
  async assign(id: number, assigneeId: number | null): Promise<StudioChangeOutcome> {
    const now = this.context.now();
    const changed = await this.context.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
      if (!current) return null;
      if ((current.assigneeId ?? null) === assigneeId) return current;
      const told = assigneeId !== null && current.status === 'confirmed' && Date.parse(current.endAt) > now;
      const row = await trx
        .updateTable('bookings')
        .set((eb) => ({ assigneeId, updatedAt: isoOf(now), ...(told ? { icsSequence: eb('icsSequence', '+', 1) } : {}) }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (told) await queueBookingEmails(trx, row, 'assigned', now);
      return row;
    });
    if (!changed) return { kind: 'not-found' };
    this.context.emailsQueued();
    return { kind: 'changed', booking: studioView(changed) };
  }

  async update(id: number, body: unknown): Promise<StudioChangeOutcome> {
    const parsed = validate(updateBookingSchema, body, 'Invalid change');
    if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
    const { status, ownerNotes } = parsed.data;
    const { db } = this.context;
    const now = this.context.now();
    const current = await db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) return { kind: 'not-found' };
    if (status === 'no_show' && (current.status !== 'confirmed' || Date.parse(current.startAt) > now))
      return { kind: 'conflict', message: 'Only a confirmed consultation that has started can be marked a no-show' };
    if (status === 'confirmed' && current.status !== 'confirmed' && current.status !== 'no_show')
      return { kind: 'conflict', message: 'A cancelled consultation cannot be restored: ask the visitor to book again' };
    try {
      await db
        .updateTable('bookings')
        .set({
          ...(status ? { status } : {}),
          ...(ownerNotes !== undefined ? { ownerNotes: ownerNotes?.trim() ? ownerNotes.trim() : null } : {}),
          updatedAt: isoOf(now),
        })
        .where('id', '=', id)
        .where('status', '=', current.status)
        .execute();
      // A no-show or a restored booking changes the confirmed count the lists are keyed on.
      this.context.slotInputs.changed();
    } catch (error) {
      if (isUniqueViolation(error)) return { kind: 'conflict', message: 'Another consultation holds that time' };
      throw error;
    }
    return { kind: 'changed', booking: (await this.one(id))! };
  }

  /**
   * The insights' chart (issue 45): consultations by their studio date from `from` to `to`
   * (inclusive), one row per date and status. The caller groups them into weeks.
   */
  async countsByDate(from: string, to: string): Promise<Array<{ date: string; status: BookingStatusName; count: number }>> {
    const rows = await this.context.db
      .selectFrom('bookings')
      .select(['studioDate', 'status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('studioDate', '>=', from)
      .where('studioDate', '<=', to)
      .groupBy(['studioDate', 'status'])
      .execute();
    return rows.map((row) => ({ date: row.studioDate, status: row.status, count: Number(row.count) }));
  }

  /** The dashboard's card: today and this week in the studio's calendar, and the next consultation. */
  async summary(): Promise<BookingSummary<StudioBooking>> {
    const { timeZone } = (await this.context.studio()).hours;
    const now = this.context.now();
    const today = studioDate(now, timeZone);
    const monday = today.subtract({ days: today.dayOfWeek - 1 });
    const sunday = monday.add({ days: 6 });
    const rows = await this.context.db
      .selectFrom('bookings')
      .select('studioDate')
      .where('status', '=', 'confirmed')
      .where('studioDate', '>=', monday.toString())
      .where('studioDate', '<=', sunday.toString())
      .execute();
    const next = await this.context.db
      .selectFrom('bookings')
      .selectAll()
      .where('status', '=', 'confirmed')
      .where('endAt', '>', isoOf(now))
      .orderBy('startAt', 'asc')
      .limit(1)
      .executeTakeFirst();
    return {
      today: rows.filter((row) => Temporal.PlainDate.compare(Temporal.PlainDate.from(row.studioDate), today) === 0).length,
      thisWeek: rows.length,
      next: next ? studioView(next) : null,
    };
  }
}
