import { SLOT_PROBLEM_MESSAGES, type SlotsAnswer } from '#common/booking/booking-request.ts';
import type { ConsultationType } from '#common/booking/settings.ts';
import type { FieldErrors } from '#common/validation.ts';
import { availabilityOf, isoOf, slotsStamp, takenBetween, type BookingContext } from './booking-context.ts';
import type { StudioFacts } from './studio-facts.ts';
import { slotsWithin } from './slot-cache.ts';
import { freeSlots, type SlotProblem, type Span } from './slot-rules.ts';

/*
 * The free slots of a type as a visitor is offered them, and a refused start worded with fresh
 * slots to pick from: the booking and the move of visitor-bookings.ts answer with these.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The longest span one slot list may cover: a page shows at most this many days at a time. */
const MAX_SLOT_SPAN_DAYS = 62;

/** A start that cannot be booked: the slot's problem, or taken meanwhile with the slots still free. */
type SlotRefusal = { kind: 'invalid'; message: string; errors: FieldErrors } | { kind: 'taken'; message: string; fresh: SlotsAnswer };

const problemErrors = (problem: SlotProblem): FieldErrors => ({ start: [SLOT_PROBLEM_MESSAGES[problem]] });

/** What a list is made from: the type, the settings and the studio's facts, and the slots' stamp they were read with. */
export interface SlotListInputs {
  type: ConsultationType;
  settings: Parameters<typeof availabilityOf>[0];
  studio: StudioFacts;
  /** `slotsStamp` as read with the settings (kept by slot-inputs.ts, or read afresh for a refusal). */
  stamp: string;
}

export async function slotsOf(
  context: BookingContext,
  { type, settings, studio, stamp }: SlotListInputs,
  span: { from?: number; to?: number },
  exceptBookingId?: number,
): Promise<SlotsAnswer> {
  const { db, slotCache } = context;
  const now = context.now();
  // Slots start on whole minutes, so a span read to the minute offers the same ones, and visitors of one minute share an answer.
  const from = Math.ceil(Math.max(span.from ?? now, now + type.minimumNoticeMinutes * MINUTE) / MINUTE) * MINUTE;
  const horizon = now + type.horizonDays * DAY;
  const to = Math.floor(Math.min(span.to ?? horizon, horizon, from + MAX_SLOT_SPAN_DAYS * DAY) / MINUTE) * MINUTE;
  const availability = availabilityOf(settings, studio);
  const answerOf = (slots: SlotsAnswer['slots']): SlotsAnswer => ({
    type: type.key,
    timeZone: availability.timeZone,
    from: isoOf(from),
    to: isoOf(Math.max(from, to)),
    slots,
  });
  const compute = async ({ start, end }: Span) =>
    freeSlots({
      shape: type,
      availability,
      busy: await context.busy(start - DAY, end + DAY),
      taken: await takenBetween(db, start, end, exceptBookingId),
      now,
      from: start,
      to: end,
    });
  if (from >= to) return answerOf([]);
  // A booking being moved sees its own time as free: its list is its own, computed for the span alone.
  if (exceptBookingId !== undefined)
    return answerOf((await compute({ start: from, end: to })).map((slot) => ({ start: isoOf(slot.start), end: isoOf(slot.end) })));
  // The visitors' lists are cut from the type's whole horizon, computed once in the shared cache.
  const key = JSON.stringify([type, availability, stamp]);
  const whole = () => compute({ start: now, end: now + type.horizonDays * DAY });
  return slotCache.answer(key, { start: from, end: to }, now, whole, (slots) => answerOf(slotsWithin(slots, from, to)));
}

export async function slotRefusal(
  context: BookingContext,
  problem: SlotProblem,
  type: ConsultationType,
  settings: Parameters<typeof availabilityOf>[0],
  studio: StudioFacts,
  start: number,
  exceptBookingId?: number,
): Promise<SlotRefusal> {
  if (problem !== 'taken') return { kind: 'invalid', message: SLOT_PROBLEM_MESSAGES[problem], errors: problemErrors(problem) };
  // Fresh slots from the start of the day asked for, so the visitor picks again without starting over:
  // the stamp is read now, as the slot was just taken, perhaps on another instance not yet heard from,
  // and the kept inputs are dropped: they may be what offered the taken slot.
  context.slotInputs.changed();
  const inputs = { type, settings, studio, stamp: await slotsStamp(context.db) };
  const fresh = await slotsOf(context, inputs, { from: start - DAY / 2 }, exceptBookingId);
  return { kind: 'taken', message: SLOT_PROBLEM_MESSAGES.taken, fresh };
}
