import type { FieldErrors } from '#common/validation.ts';
import type { DetailsValues } from './details-form.tsx';

/**
 * What a post without JavaScript came back with when it was refused, for the page to show (the
 * booking page and the reschedule page): field messages, a wait, or a slot just taken (the page then
 * shows the fresh times). What was typed is kept. A booking (or spam, answered as one) redirects.
 */
export type BookingFormResult = { status: 'refused'; message: string; errors: FieldErrors; values: DetailsValues };
