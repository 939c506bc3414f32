import type { BookedAnswer, SlotsAnswer, VisitorBooking } from '#common/booking/booking-request.ts';
import { CONTACT_HONEYPOT_FIELD } from '#common/contact-fields.ts';
import { api } from '#app/lib/api.ts';
import type { DetailsValues } from './details-form.tsx';

// The booking picker's calls to the JSON API (booking-calendar.tsx); the page forms without JavaScript post the same fields.

export const BOOKING_FAILURE = 'Something went wrong. Please try again.';

/** The bookable starts for a type (or, given a booking's token, for moving that booking), or why they could not be had. */
export async function fetchSlotStarts(rescheduleToken: string | null, typeKey: string): Promise<{ starts: string[] } | { failed: string }> {
  const url =
    rescheduleToken !== null
      ? `/api/bookings/${encodeURIComponent(rescheduleToken)}/reschedule`
      : `/api/booking/slots?type=${encodeURIComponent(typeKey)}`;
  const answer = await api<SlotsAnswer | { slots: SlotsAnswer }>('GET', url);
  if (!answer.ok) return { failed: answer.serverMessage ?? BOOKING_FAILURE };
  const fresh = 'type' in answer.data ? answer.data : answer.data.slots;
  return { starts: fresh.slots.map((slot) => slot.start) };
}

/** Books the chosen time with the visitor's details, or, given a booking's token, moves that booking to it. */
export function sendBooking(
  rescheduleToken: string | null,
  choice: { type: string; tz: string; start: string },
  values: DetailsValues,
  honeypot: HTMLInputElement | null,
) {
  if (rescheduleToken !== null) {
    return api<VisitorBooking>('POST', `/api/bookings/${encodeURIComponent(rescheduleToken)}/reschedule`, { start: choice.start });
  }
  return api<BookedAnswer>('POST', '/api/bookings', {
    type: choice.type,
    start: choice.start,
    name: values.name,
    email: values.email,
    phone: values.phone,
    note: values.note,
    tz: choice.tz,
    [CONTACT_HONEYPOT_FIELD]: honeypot?.value ?? '',
  });
}
