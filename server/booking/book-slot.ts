import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ConsultationType } from '#common/booking/settings.ts';
import type { Booking, Database } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import { tokenHashOf } from '#server/crypto/secret-tokens.ts';
import { bookingLinkToken } from './booking-links.ts';
import { queueBookingEmails } from './booking-emails.ts';
import { takenBetween } from './booking-context.ts';
import { holdingOf, lockHolder, type Holder, type Holding } from './booking-holders.ts';
import { slotProblem, studioDate, type Availability, type SlotProblem, type Span } from './slot-rules.ts';

/*
 * Taking a slot, and moving a booking to another one. Each runs in one transaction that first locks
 * the studio dates the slot touches (a row per date in `booking_days`), then reads those dates'
 * bookings and asks the slot rules. Two visitors after the same slot are therefore served one after
 * the other, and the second reads the first's booking: exactly one wins, on PostgreSQL as on SQLite.
 * The unique index on a confirmed booking's start is the last guard, should anything else slip.
 */

export interface Visitor {
  name: string;
  email: string;
  phone: string | null;
  note: string | null;
  /** The zone the visitor chose on the page (validated by the caller). */
  zone: string;
}

/** What the slot rules need besides the type: the week, the owner's busy times, and the time. */
export interface SlotSurroundings {
  availability: Availability;
  busy: readonly Span[];
  now: number;
}

/** SESSION_SECRET: the visitor's links are derived from it (booking-links.ts). */
export interface BookingSecret {
  secret: string;
}

export type BookOutcome =
  | { kind: 'booked'; booking: Booking; cancelToken: string; rescheduleToken: string }
  | { kind: 'refused'; problem: SlotProblem }
  /** The visitor already holds their share of upcoming consultations (booking-holders.ts). */
  | { kind: 'held'; holding: Holding };
/** What a request would be answered with, judged without booking anything: null when it would be booked. */
export type WouldRefuse = Exclude<BookOutcome, { kind: 'booked' }> | null;
export type MoveOutcome = { kind: 'moved'; booking: Booking } | { kind: 'refused'; problem: SlotProblem };

const MINUTE = 60_000;
const iso = (instant: number) => new Date(instant).toISOString();

/** The studio dates a slot and its buffers touch, in order (a fixed order keeps two locks from waiting on each other). */
function datesTouched(start: number, type: ConsultationType, timeZone: string): string[] {
  const from = start - type.bufferBeforeMinutes * MINUTE;
  const to = start + (type.lengthMinutes + type.bufferAfterMinutes) * MINUTE;
  return [...new Set([studioDate(from, timeZone).toString(), studioDate(to, timeZone).toString()])].sort();
}

async function lockDates(trx: Transaction<Database>, dates: readonly string[], now: number) {
  for (const date of dates) {
    await trx
      .insertInto('bookingDays')
      .values({ studioDate: date, lockedAt: iso(now) })
      .onConflict((conflict) => conflict.column('studioDate').doUpdateSet({ lockedAt: iso(now) }))
      .execute();
  }
}

/** What is wrong with `start` whatever else is booked: past, too soon, too far, or not a slot of the week. */
function visitorMistake(start: number, type: ConsultationType, around: SlotSurroundings): SlotProblem | null {
  return slotProblem(start, { shape: type, ...around, busy: [], taken: [] });
}

/** What a confirmed booking of `type` at `start` holds. */
function heldTimes(type: ConsultationType, start: number, timeZone: string) {
  return {
    startAt: iso(start),
    endAt: iso(start + type.lengthMinutes * MINUTE),
    bufferBeforeMinutes: type.bufferBeforeMinutes,
    bufferAfterMinutes: type.bufferAfterMinutes,
    studioDate: studioDate(start, timeZone).toString(),
  };
}

/** What a visitor asks for: a type, a start, and where it happens (worked out by the caller from the type and the visitor's answers). */
export interface BookingRequest {
  type: ConsultationType;
  start: number;
  visitor: Visitor;
  place: string;
  /** Who holds it (the e-mail and client address), with the limits on what one holder may hold. */
  holder: Holder;
}

export async function bookSlot(
  db: Kysely<Database>,
  request: BookingRequest,
  around: SlotSurroundings & BookingSecret,
): Promise<BookOutcome> {
  const { type, start, visitor } = request;
  const { timeZone } = around.availability;
  // A visitor's mistake (a past, too soon, too far or off-the-list time) needs no lock: answering it
  // first keeps such requests from writing a `booking_days` row for any date they name.
  const mistake = visitorMistake(start, type, around);
  if (mistake) return { kind: 'refused', problem: mistake };
  try {
    return await db.transaction().execute(async (trx): Promise<BookOutcome> => {
      // The holder's lock before the dates', in every booking: two never wait on each other.
      await lockHolder(trx, request.holder, around.now);
      const holding = await holdingOf(trx, request.holder, around.now);
      if (holding) return { kind: 'held', holding };
      await lockDates(trx, datesTouched(start, type, timeZone), around.now);
      const problem = slotProblem(start, { shape: type, ...around, taken: await takenBetween(trx, start, start) });
      if (problem) return { kind: 'refused', problem };
      const icsUid = `${randomUUID()}@booking`;
      const cancelToken = bookingLinkToken(around.secret, icsUid, 'cancel');
      const rescheduleToken = bookingLinkToken(around.secret, icsUid, 'reschedule');
      const booking = await trx
        .insertInto('bookings')
        .values({
          typeKey: type.key,
          typeName: type.name,
          meeting: type.meeting,
          place: request.place,
          ...heldTimes(type, start, timeZone),
          name: visitor.name,
          email: visitor.email,
          phone: visitor.phone,
          note: visitor.note,
          visitorZone: visitor.zone,
          emailKey: request.holder.emailKey,
          clientKey: request.holder.clientKey,
          icsUid,
          cancelTokenHash: tokenHashOf(cancelToken),
          rescheduleTokenHash: tokenHashOf(rescheduleToken),
          createdAt: iso(around.now),
          updatedAt: iso(around.now),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await queueBookingEmails(trx, booking, 'booked', around.now);
      return { kind: 'booked', booking, cancelToken, rescheduleToken };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'refused', problem: 'taken' };
    throw error;
  }
}

/**
 * The answer `bookSlot` would give, read without locking or writing: a request caught as spam is
 * refused exactly as a real one would be (the same mistakes, the same limits, a slot taken), and
 * otherwise answered as booked, so its answer tells a machine nothing.
 */
export async function wouldRefuse(db: Kysely<Database>, request: BookingRequest, around: SlotSurroundings): Promise<WouldRefuse> {
  const mistake = visitorMistake(request.start, request.type, around);
  if (mistake) return { kind: 'refused', problem: mistake };
  const holding = await holdingOf(db, request.holder, around.now);
  if (holding) return { kind: 'held', holding };
  const problem = slotProblem(request.start, {
    shape: request.type,
    ...around,
    taken: await takenBetween(db, request.start, request.start),
  });
  return problem ? { kind: 'refused', problem } : null;
}

/**
 * Moves a confirmed booking to another start of its type, under the same locks (the dates it leaves
 * and the dates it takes). The invitation keeps its UID; its SEQUENCE grows, so calendars update it.
 */
export async function moveBooking(
  db: Kysely<Database>,
  bookingId: number,
  type: ConsultationType,
  start: number,
  around: SlotSurroundings,
): Promise<MoveOutcome | null> {
  const { timeZone } = around.availability;
  try {
    return await db.transaction().execute(async (trx): Promise<MoveOutcome | null> => {
      const current = await trx
        .selectFrom('bookings')
        .selectAll()
        .where('id', '=', bookingId)
        .where('status', '=', 'confirmed')
        .executeTakeFirst();
      if (!current) return null;
      const mistake = visitorMistake(start, type, around);
      if (mistake) return { kind: 'refused', problem: mistake };
      const leaving = datesTouched(Date.parse(current.startAt), type, timeZone);
      await lockDates(trx, [...new Set([...leaving, ...datesTouched(start, type, timeZone)])].sort(), around.now);
      const problem = slotProblem(start, { shape: type, ...around, taken: await takenBetween(trx, start, start, bookingId) });
      if (problem) return { kind: 'refused', problem };
      const booking = await trx
        .updateTable('bookings')
        .set({ ...heldTimes(type, start, timeZone), icsSequence: current.icsSequence + 1, updatedAt: iso(around.now) })
        .where('id', '=', bookingId)
        .where('status', '=', 'confirmed')
        .returningAll()
        .executeTakeFirstOrThrow();
      await queueBookingEmails(trx, booking, 'moved', around.now);
      return { kind: 'moved', booking };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'refused', problem: 'taken' };
    throw error;
  }
}

export type Canceller = { side: 'visitor' } | { side: 'studio'; adminId: number; message: string };

/**
 * Cancels a confirmed booking and queues its e-mails: the visitor's cancellation (with the
 * invitation's CANCEL, its SEQUENCE raised) and, when the visitor cancelled, the studio's notice.
 * Null when the booking is not confirmed (already cancelled, or marked a no-show).
 */
export async function cancelBooking(db: Kysely<Database>, bookingId: number, by: Canceller, now: number): Promise<Booking | null> {
  return db.transaction().execute(async (trx) => {
    const booking = await trx
      .updateTable('bookings')
      .set((eb) => ({
        status: 'cancelled',
        icsSequence: eb('icsSequence', '+', 1),
        cancelledAt: iso(now),
        cancelledBy: by.side === 'visitor' ? 'visitor' : `admin:${by.adminId}`,
        cancelMessage: by.side === 'studio' && by.message ? by.message : null,
        updatedAt: iso(now),
      }))
      .where('id', '=', bookingId)
      .where('status', '=', 'confirmed')
      .returningAll()
      .executeTakeFirst();
    if (!booking) return null;
    await queueBookingEmails(trx, booking, by.side === 'visitor' ? 'cancelled-by-visitor' : 'cancelled-by-studio', now);
    return booking;
  });
}
