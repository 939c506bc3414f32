import {
  BOOKING_HONEYPOT_FIELD,
  bookingRequestSchema,
  rescheduleRequestSchema,
  type BookingLinks,
  type BookingTypesAnswer,
  type SlotsAnswer,
  type VisitorBooking,
} from '#common/booking/booking-request.ts';
import type { ConsultationType } from '#common/booking/settings.ts';
import { validate, type FieldErrors } from '#common/validation.ts';
import { caughtAsSpam } from '#server/cookies/form-token.ts';
import { unbookedView, visitorView } from './visitor-view.ts';
import { isTokenShape, tokenHashOf } from '#server/crypto/secret-tokens.ts';
import { emailKeyOf, holderOf, HOLDS_PER_CLIENT, HOLDS_PER_EMAIL } from './booking-holders.ts';
import { holdingRefusal, NOT_OFFERED, PHONE_NEEDED, spentWindow, unstoredLinkTokens, type HoldingRefusal } from './booking-intake.ts';
import { isChangeable } from '#common/booking/link-changes.ts';
import { availabilityOf, bookableType, currentSettings, placeOf, type Booking, type BookingContext } from './booking-context.ts';
import type { StudioFacts } from './studio-facts.ts';
import { bookSlot, cancelBooking, moveBooking, wouldRefuse, type BookOutcome } from './book-slot.ts';
import { bookingLinkPath, bookingLinkToken, type BookingLinkPurpose } from './booking-links.ts';
import { slotRefusal, slotsOf } from './visitor-slots.ts';

/*
 * The visitor's side of booking: the types, the free slots, taking one, and the two e-mailed links
 * (cancel, reschedule). The JSON API and the pages without JavaScript both call these, so a booking
 * is judged the same way wherever it arrives.
 */

const DAY = 24 * 60 * 60_000;

export interface BookingIntake {
  body: unknown;
  ip: string;
  /** The fill-time stamp cookie (the contact form's), when the browser sent one. */
  formStamp?: string;
}

export type BookRequestOutcome =
  | { kind: 'invalid'; message: string; errors: FieldErrors }
  /** A window spent (no message: the caller words the wait), or the client address holds its share (its own message). */
  | { kind: 'rate-limited'; retryAfterSeconds: number; message?: string }
  | { kind: 'taken'; message: string; fresh: SlotsAnswer }
  | HoldingRefusal
  | { kind: 'booked'; booking: VisitorBooking; cancelToken: string; rescheduleToken: string }
  /**
   * Caught by the honeypot or the fill time: nothing stored, nothing mailed, and answered exactly as
   * a booking (refused as one would be, or with a booking's view and links of the same shape that name nothing).
   */
  | { kind: 'spam'; booking: VisitorBooking; cancelToken: string; rescheduleToken: string };

/** How many upcoming consultations one client address may hold (BOOKING_HOLDS_PER_CLIENT); one e-mail address holds HOLDS_PER_EMAIL. */
export interface VisitorLimits {
  holdsPerClient: number;
}

export type CancelOutcome =
  { kind: 'not-found' } | { kind: 'not-confirmed'; booking: VisitorBooking } | { kind: 'cancelled'; booking: VisitorBooking };

export type RescheduleOutcome =
  | { kind: 'not-found' }
  | { kind: 'not-confirmed'; booking: VisitorBooking }
  | { kind: 'invalid'; message: string; errors: FieldErrors }
  | { kind: 'taken'; message: string; fresh: SlotsAnswer }
  | { kind: 'moved'; booking: VisitorBooking };

export class VisitorBookings {
  constructor(
    private readonly context: BookingContext,
    private readonly limits: VisitorLimits = { holdsPerClient: HOLDS_PER_CLIENT },
  ) {}

  /** Slot lists computed so far by this instance (tests read it: a warm list costs none). */
  get slotComputations(): number {
    return this.context.slotCache.computations;
  }

  /** Reads of the slot lists' inputs from the database so far (tests read it: a warm list makes none). */
  get slotInputReads(): number {
    return this.context.slotInputs.reads;
  }

  async types(): Promise<BookingTypesAnswer> {
    const { stored, studio } = await currentSettings(this.context);
    return {
      timeZone: studio.hours.timeZone,
      types: stored.settings.types
        .filter((type) => type.enabled)
        .map((type) => ({
          key: type.key,
          name: type.name,
          description: type.description,
          meeting: type.meeting,
          lengthMinutes: type.lengthMinutes,
          needsPhone: type.meeting === 'phone',
        })),
    };
  }

  /** Free slots of a type. Only starts and ends: nothing tells whose booking or busy time closed a gap. Null for an unknown type. */
  async slots(typeKey: string, span: { from?: number; to?: number } = {}, exceptBookingId?: number): Promise<SlotsAnswer | null> {
    // Kept until a change: a warm list asks the database nothing (slot-inputs.ts).
    const { stored, studio, stamp } = await this.context.slotInputs.current(this.context.now());
    const type = bookableType(stored.settings, typeKey);
    if (!type) return null;
    return slotsOf(this.context, { type, settings: stored.settings, studio, stamp }, span, exceptBookingId);
  }

  /**
   * A visitor's booking, move or cancellation: this instance's slot lists read afresh, and the other
   * instances are told before the answer goes out (no owner's request announces it), so the next
   * list anywhere omits the slot (decision 094).
   */
  private async slotsChanged(): Promise<void> {
    this.context.slotInputs.changed();
    await this.context.announceChange();
  }

  /** The busy times a check of one start needs: the days around it. */
  private busyAround(start: number) {
    return this.context.busy(start - 2 * DAY, start + 2 * DAY);
  }

  async book(intake: BookingIntake): Promise<BookRequestOutcome> {
    const { db, secret, logger } = this.context;
    const now = this.context.now();
    const parsed = validate(bookingRequestSchema, objectOrEmpty(intake.body), 'Please check the highlighted fields');
    if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
    const request = parsed.data;
    const { stored, studio } = await currentSettings(this.context);
    const type = bookableType(stored.settings, request.type);
    if (!type) return NOT_OFFERED;
    if (type.meeting === 'phone' && !request.phone) return PHONE_NEEDED;

    const retryAfterSeconds = await spentWindow(
      db,
      { ip: intake.ip, emailKey: emailKeyOf(request.email), perAddressLimit: this.context.perAddressLimit },
      now,
    );
    if (retryAfterSeconds !== null) return { kind: 'rate-limited', retryAfterSeconds };

    const availability = availabilityOf(stored.settings, studio);
    const around = { availability, busy: await this.busyAround(request.start), now };
    const asked = {
      type,
      start: request.start,
      visitor: { name: request.name, email: request.email, phone: request.phone, note: request.note, zone: request.tz },
      place: placeOf(type, studio, request.phone),
      holder: holderOf(secret, request.email, intake.ip, { perEmail: HOLDS_PER_EMAIL, perClient: this.limits.holdsPerClient }),
    };
    const honeypot = (intake.body as Record<string, unknown> | null)?.[BOOKING_HONEYPOT_FIELD];
    const reason = caughtAsSpam(secret, honeypot, intake.formStamp, now);
    if (reason) {
      const refused = await wouldRefuse(db, asked, around);
      logger.info({ ip: intake.ip, reason }, 'booking refused as spam; answered as a booking would be');
      if (refused) return this.refusalOf(refused, type, stored.settings, studio, request.start);
      return { kind: 'spam', booking: unbookedView(request, type, studio, asked.place), ...unstoredLinkTokens() };
    }

    const outcome = await bookSlot(db, asked, { ...around, secret });
    if (outcome.kind !== 'booked') return this.refusalOf(outcome, type, stored.settings, studio, request.start);
    await this.slotsChanged();
    this.context.emailsQueued();
    logger.info({ bookingId: outcome.booking.id, type: type.key, start: outcome.booking.startAt }, 'consultation booked');
    return {
      kind: 'booked',
      booking: visitorView(outcome.booking, studio),
      cancelToken: outcome.cancelToken,
      rescheduleToken: outcome.rescheduleToken,
    };
  }

  /** A booking refused: the visitor holds their share, or the slot's refusal. */
  private async refusalOf(
    outcome: Exclude<BookOutcome, { kind: 'booked' }>,
    ...slot: [ConsultationType, Parameters<typeof availabilityOf>[0], StudioFacts, number]
  ): Promise<Exclude<BookRequestOutcome, { kind: 'booked' | 'spam' }>> {
    return outcome.kind === 'held' ? holdingRefusal(outcome.holding) : slotRefusal(this.context, outcome.problem, ...slot);
  }

  /** The booking an e-mailed link names, whatever its state. */
  async byToken(token: string, purpose: BookingLinkPurpose): Promise<{ booking: Booking; view: VisitorBooking } | null> {
    if (!isTokenShape(token)) return null;
    const column = purpose === 'cancel' ? 'cancelTokenHash' : 'rescheduleTokenHash';
    const booking = await this.context.db.selectFrom('bookings').selectAll().where(column, '=', tokenHashOf(token)).executeTakeFirst();
    if (!booking) return null;
    return { booking, view: visitorView(booking, await this.context.studio()) };
  }

  /** Both e-mailed links of the booking one of them names: the confirmation page shows them together. */
  async links(token: string, purpose: BookingLinkPurpose): Promise<BookingLinks | null> {
    const found = await this.byToken(token, purpose);
    return found ? this.linksOf(found.booking.icsUid) : null;
  }

  private linksOf(icsUid: string): BookingLinks {
    const { secret } = this.context;
    return {
      cancel: bookingLinkPath(bookingLinkToken(secret, icsUid, 'cancel'), 'cancel'),
      reschedule: bookingLinkPath(bookingLinkToken(secret, icsUid, 'reschedule'), 'reschedule'),
    };
  }

  async cancel(token: string): Promise<CancelOutcome> {
    const found = await this.byToken(token, 'cancel');
    if (!found) return { kind: 'not-found' };
    if (!isChangeable(found.view, this.context.now())) return { kind: 'not-confirmed', booking: found.view };
    const cancelled = await cancelBooking(this.context.db, found.booking.id, { side: 'visitor' }, this.context.now());
    if (!cancelled) return { kind: 'not-confirmed', booking: found.view };
    await this.slotsChanged();
    this.context.emailsQueued();
    this.context.logger.info({ bookingId: cancelled.id }, 'consultation cancelled by the visitor');
    return { kind: 'cancelled', booking: visitorView(cancelled, await this.context.studio()) };
  }

  /** The free slots a booking may move to (its own time does not block them). */
  async rescheduleSlots(token: string, span: { from?: number; to?: number } = {}): Promise<SlotsAnswer | null> {
    const found = await this.byToken(token, 'reschedule');
    if (!found || !isChangeable(found.view, this.context.now())) return null;
    return this.slots(found.booking.typeKey, span, found.booking.id);
  }

  async reschedule(token: string, body: unknown): Promise<RescheduleOutcome> {
    const found = await this.byToken(token, 'reschedule');
    if (!found) return { kind: 'not-found' };
    if (!isChangeable(found.view, this.context.now())) return { kind: 'not-confirmed', booking: found.view };
    const parsed = validate(rescheduleRequestSchema, objectOrEmpty(body), 'Pick a new time');
    if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
    const { stored, studio } = await currentSettings(this.context);
    const type = bookableType(stored.settings, found.booking.typeKey);
    if (!type)
      return {
        kind: 'invalid',
        message: 'This consultation can no longer be moved here: cancel it and book another, or write to us.',
        errors: { start: ['This consultation can no longer be moved here'] },
      };
    const now = this.context.now();
    const availability = availabilityOf(stored.settings, studio);
    const outcome = await moveBooking(this.context.db, found.booking.id, type, parsed.data.start, {
      availability,
      busy: await this.busyAround(parsed.data.start),
      now,
    });
    if (!outcome) return { kind: 'not-confirmed', booking: found.view };
    if (outcome.kind === 'refused')
      return slotRefusal(this.context, outcome.problem, type, stored.settings, studio, parsed.data.start, found.booking.id);
    await this.slotsChanged();
    this.context.emailsQueued();
    this.context.logger.info({ bookingId: outcome.booking.id, start: outcome.booking.startAt }, 'consultation moved by the visitor');
    return { kind: 'moved', booking: visitorView(outcome.booking, studio) };
  }
}

function objectOrEmpty(input: unknown): object {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
}
