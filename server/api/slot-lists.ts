import { slotQuerySchema, type SlotsAnswer } from '#common/booking/booking-request.ts';
import { validate } from '#common/validation.ts';
import type { VisitorBookings } from '#server/booking/visitor-bookings.ts';

/** What a visitor's slot query comes to: the list, or why there is none. */
export type SlotListOutcome =
  | { kind: 'answer'; answer: SlotsAnswer }
  | { kind: 'invalid'; message: string; errors: Record<string, string[]> }
  | { kind: 'unknown-type' };

/** The rule of `GET /api/booking/slots`, read by its router and by the answer given ahead of Express. */
export async function slotListFor(visitorBookings: Pick<VisitorBookings, 'slots'>, query: unknown): Promise<SlotListOutcome> {
  const parsed = validate(slotQuerySchema, query ?? {}, 'Invalid slot query');
  if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
  const { type, from, to } = parsed.data;
  if (from !== undefined && to !== undefined && to <= from)
    return { kind: 'invalid', message: 'to must be after from', errors: { to: ['to must be after from'] } };
  const answer = await visitorBookings.slots(type, { from, to });
  return answer ? { kind: 'answer', answer } : { kind: 'unknown-type' };
}
