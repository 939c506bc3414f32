import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { BOOKING_HONEYPOT_FIELD, BOOKING_NOTE_LIMIT } from '#common/booking/booking-request.ts';
import { bookingRefusal } from '#server/api/booking-refusals.ts';
import { bookingLinkPath } from '#server/booking/booking-links.ts';
import { formStampFrom } from '#server/cookies/form-stamp.ts';
import { headersOf } from '#server/insights/goals.ts';
import { fromContext } from '#app/lib/server-context.server.ts';
import type { BookingFormResult } from './booking-form-result.ts';
import { initialChoice, knownZones } from './booking-page-data.server.ts';
import type { DetailsValues } from './details-form.tsx';

/** `/book`: the offered consultations and, once one is chosen (or there is only one), its free slots. */
export async function bookPageLoader({ request, context }: LoaderFunctionArgs) {
  const { visitorBookings } = fromContext(context).services.booking;
  const query = new URL(request.url).searchParams;
  const offered = await visitorBookings.types();
  const wanted = query.get('type');
  const type = offered.types.find((candidate) => candidate.key === wanted) ?? (offered.types.length === 1 ? offered.types[0] : undefined);
  const slots = type ? await visitorBookings.slots(type.key) : null;
  return {
    studioZone: offered.timeZone,
    types: offered.types,
    zones: knownZones(),
    noteLimit: BOOKING_NOTE_LIMIT,
    initial: initialChoice(
      query,
      { type: type?.key ?? null, tz: offered.timeZone, studioZone: offered.timeZone },
      slots?.slots.map((slot) => slot.start) ?? [],
    ),
  };
}

/**
 * The details form without JavaScript: the same booking as POST /api/bookings. Booked, it redirects
 * to the booking's own page (its reschedule link) with the confirmation; refused, the page shows why
 * with what was typed.
 */
export async function bookPageAction({ request, context }: ActionFunctionArgs) {
  const { services, clientIp } = fromContext(context);
  const form = await request.formData().catch(() => new FormData());
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const body = Object.fromEntries(
    ['type', 'start', 'name', 'email', 'phone', 'note', 'tz', BOOKING_HONEYPOT_FIELD].map((name) => [name, text(name)]),
  );
  const values: DetailsValues = {
    name: text('name') ?? '',
    email: text('email') ?? '',
    phone: text('phone') ?? '',
    note: text('note') ?? '',
  };
  const outcome = await services.booking.visitorBookings.book({
    body,
    ip: clientIp,
    formStamp: formStampFrom(request.headers.get('cookie')),
  });
  if (outcome.kind === 'booked')
    services.insights.recordGoal('consultation_booked', { headers: headersOf(request.headers), address: clientIp });
  // Spam lands where a booking would, on a reschedule link of the same shape that names nothing (the 404 page).
  if (outcome.kind === 'booked' || outcome.kind === 'spam')
    return redirect(`${bookingLinkPath(outcome.rescheduleToken, 'reschedule')}?booked=1`);
  // Refused: the API's status and words (server/api/booking-refusals.ts), with what was typed.
  const refused = bookingRefusal(outcome);
  return data<BookingFormResult>(
    { status: 'refused', message: refused.message, errors: refused.errors ?? {}, values },
    { status: refused.status, headers: refused.headers },
  );
}
