import type { BookingLinks, VisitorBooking } from '#common/booking/booking-request.ts';
import type { FieldErrors } from '#common/validation.ts';
import type { DetailsValues } from './details-form.tsx';

/** What a post without JavaScript came back with, for the page to show (the booking page and the reschedule page). */
export type BookingFormResult =
  /** Field messages, a wait, or a slot just taken (the page then shows the fresh times): what was typed is kept. */
  | { status: 'refused'; message: string; errors: FieldErrors; values: DetailsValues }
  /** Answered as if booked (spam), or booked without a page to redirect to. */
  | { status: 'booked'; booking: VisitorBooking; links: BookingLinks | null };
