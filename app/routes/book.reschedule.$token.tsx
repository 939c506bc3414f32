import type { Route } from './+types/book.reschedule.$token';
import { Island } from '#app/islands/island.tsx';
import { ISLAND } from '#app/islands/island-names.ts';
import { BookingConfirmation } from '#app/features/booking/booking-confirmation.tsx';
import type { BookingFormResult } from '#app/features/booking/booking-form-result.ts';
import { BookingClosed, LinkNotValid } from '#app/features/booking/booking-link-views.tsx';
import { bookingLinkPageMeta } from '#app/features/booking/booking-link-meta.ts';
import { lengthMinutesOf } from '#app/features/booking/booking-times.ts';
import { outcomeColumn } from '#app/features/booking/booking-page-header.tsx';
import { RescheduleMove } from '#app/features/booking/reschedule-move.tsx';
import { PAGE_POLICIES, type PageHandle } from '#common/page-policy.ts';

/** The address is the booking's key: never shared, no referrer, never indexed, its case kept. */
export const handle: PageHandle = { page: PAGE_POLICIES.secretAddress };

// No headers() here: the policy above makes the server send `private, no-store`, no-referrer and noindex (server/http/pages.ts).
export { reschedulePageLoader as loader, reschedulePageAction as action } from '#app/features/booking/booking-link-pages.server.ts';

export const meta: Route.MetaFunction = (args) => {
  const kind = args.loaderData?.kind;
  return bookingLinkPageMeta(args, kind === 'confirmed' ? 'Your consultation is booked' : 'Reschedule your consultation');
};

/**
 * `/book/reschedule/:token`: the e-mail's reschedule link, and the confirmation a booking made
 * without JavaScript lands on (`?booked=1`; `?moved=1` after a move).
 */
export default function RescheduleBooking({ loaderData, actionData, params }: Route.ComponentProps) {
  const page = loaderData;
  if (page.kind === 'reschedule') {
    const { booking, links, picker } = page;
    return (
      <Island
        name={ISLAND.bookingReschedule}
        component={RescheduleMove}
        props={{
          path: `/book/reschedule/${params.token}`,
          studioZone: booking.studioZone,
          zones: picker.zones,
          types: [
            {
              key: booking.typeKey,
              name: booking.typeName,
              description: '',
              meeting: booking.meeting,
              lengthMinutes: lengthMinutesOf(booking),
              needsPhone: false,
            },
          ],
          noteLimit: 0,
          reschedule: { token: params.token, booking, links },
          initial: picker.initial,
          serverResult: (actionData as BookingFormResult | undefined) ?? null,
        }}
      />
    );
  }
  return (
    <div className={outcomeColumn}>
      {page.kind === 'confirmed' ? (
        <BookingConfirmation booking={page.booking} links={page.links} moved={page.moved} level={1} />
      ) : page.kind === 'closed' ? (
        <BookingClosed booking={page.booking} />
      ) : (
        <LinkNotValid />
      )}
    </div>
  );
}
