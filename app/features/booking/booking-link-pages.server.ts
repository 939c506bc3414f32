import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { BookingLinks, VisitorBooking } from '#common/booking/booking-request.ts';
import { BOOKING_LINK_REFUSALS, bookingRefusal } from '#server/api/booking-refusals.ts';
import { fromContext } from '#app/lib/server-context.server.ts';
import type { BookingFormResult } from './booking-form-result.ts';
import { isChangeable } from '#common/booking/link-changes.ts';
import { initialChoice, knownZones } from './booking-page-data.server.ts';
import type { InitialChoice } from './booking-steps.ts';
import { EMPTY_DETAILS } from './details-form.tsx';

/*
 * The pages behind the e-mailed links: /book/cancel/{token} and /book/reschedule/{token}. A token
 * that names nothing is a 404 that says so; a booking already cancelled or started says that.
 */

export type BookingLinkPage =
  | { kind: 'not-found' }
  | { kind: 'closed'; booking: VisitorBooking }
  | { kind: 'cancel'; booking: VisitorBooking }
  | { kind: 'cancelled'; booking: VisitorBooking }
  | { kind: 'confirmed'; booking: VisitorBooking; links: BookingLinks; moved: boolean }
  | {
      kind: 'reschedule';
      booking: VisitorBooking;
      links: BookingLinks;
      picker: { zones: string[]; initial: InitialChoice };
    };

const notFound = () => data<BookingLinkPage>({ kind: 'not-found' }, { status: BOOKING_LINK_REFUSALS['not-found'].status });
const page = (value: BookingLinkPage) => data<BookingLinkPage>(value);

export async function cancelPageLoader({ params, context }: LoaderFunctionArgs) {
  const found = await fromContext(context).services.booking.visitorBookings.byToken(String(params.token), 'cancel');
  if (!found) return notFound();
  return page({ kind: isChangeable(found.view) ? 'cancel' : 'closed', booking: found.view });
}

/** The Cancel button's post: the answer is the page that says it is cancelled (a second post finds it closed). */
export async function cancelPageAction({ params, context }: ActionFunctionArgs) {
  const outcome = await fromContext(context).services.booking.visitorBookings.cancel(String(params.token));
  if (outcome.kind === 'not-found') return notFound();
  return page({ kind: outcome.kind === 'cancelled' ? 'cancelled' : 'closed', booking: outcome.booking });
}

export async function reschedulePageLoader({ params, request, context }: LoaderFunctionArgs) {
  const { visitorBookings } = fromContext(context).services.booking;
  const token = String(params.token);
  const found = await visitorBookings.byToken(token, 'reschedule');
  if (!found) return notFound();
  const booking = found.view;
  if (!isChangeable(booking)) return page({ kind: 'closed', booking });
  const links = (await visitorBookings.links(token, 'reschedule'))!;
  const query = new URL(request.url).searchParams;
  if (query.has('booked') || query.has('moved')) return page({ kind: 'confirmed', booking, links, moved: query.has('moved') });
  const slots = await visitorBookings.rescheduleSlots(token);
  if (!slots) return page({ kind: 'closed', booking });
  // The zone the visitor booked in is known: the times start in it.
  const initial = initialChoice(
    query,
    { type: booking.typeKey, tz: booking.visitorZone, studioZone: booking.studioZone },
    slots.slots.map((slot) => slot.start),
  );
  return page({ kind: 'reschedule', booking, links, picker: { zones: knownZones(), initial: { ...initial, tzChosen: true } } });
}

/** The move without JavaScript: moved, it redirects to the new time's confirmation; refused, the page says why. */
export async function reschedulePageAction({ params, request, context }: ActionFunctionArgs) {
  const token = String(params.token);
  const form = await request.formData().catch(() => new FormData());
  const start = form.get('start');
  const outcome = await fromContext(context).services.booking.visitorBookings.reschedule(token, {
    start: typeof start === 'string' ? start : undefined,
  });
  const here = new URL(request.url).pathname;
  switch (outcome.kind) {
    case 'moved':
      return redirect(`${here}?moved=1`);
    case 'not-found':
    case 'not-confirmed':
      // The page itself says which (a 404, or that it can no longer be changed).
      return redirect(here);
    case 'invalid':
    case 'taken': {
      const refused = bookingRefusal(outcome);
      return data<BookingFormResult>(
        { status: 'refused', message: refused.message, errors: refused.errors ?? {}, values: EMPTY_DETAILS },
        { status: refused.status },
      );
    }
  }
}
