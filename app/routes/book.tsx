import type { Route } from './+types/book';
import { seo } from '#app/components/seo.ts';
import { Island } from '#app/islands/island.tsx';
import { ISLAND } from '#app/islands/island-names.ts';
import { BookingCalendar } from '#app/features/booking/booking-calendar.tsx';
import type { BookingFormResult } from '#app/features/booking/booking-form-result.ts';
import { BookingPageHeader, bookingColumn } from '#app/features/booking/booking-page-header.tsx';
import { AppLink } from '#app/components/ui/app-link.tsx';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { PAGE_POLICIES, type PageHandle } from '#common/page-policy.ts';

/**
 * Free slots change with every booking and every minute, and this page's steps live in the query
 * string: the bare `/book` is one shared copy (the slots in the studio's zone; the picker moves them
 * to the visitor's zone in the browser), made again after every booking or settings change and every
 * minute; with a query (the steps without JavaScript) it is rendered per request. The e-mailed links
 * below it say more (their address holds a token).
 */
export const handle: PageHandle = { page: PAGE_POLICIES.sharedUntilAsked };

export { bookPageLoader as loader, bookPageAction as action } from '#app/features/booking/book-page.server.ts';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Book a Free Consultation',
    description: 'Pick a time for a free consultation about your mix or master. Times are shown in your own time zone.',
    path: '/book',
    keywords: ['book a mixing consultation', 'free mastering consultation', 'talk to a mixing engineer'],
  });

export default function Book({ loaderData, actionData }: Route.ComponentProps) {
  const { studioZone, types, zones, noteLimit, initial } = loaderData;
  return (
    <>
      <BookingPageHeader eyebrow="Free consultation" title="Book a Free Consultation">
        <p>A short call about your songs, your sound and your deadline. Pick a time that suits you.</p>
      </BookingPageHeader>
      <div className={bookingColumn}>
        {types.length === 0 ? (
          <div className="grid justify-items-start gap-4 rounded-2xl border border-line bg-surface p-6">
            <p className="text-fg">Booking online is paused right now. Send us a message and we will find a time together.</p>
            <ButtonLink to="/contact">Contact us</ButtonLink>
          </div>
        ) : (
          <Island
            name={ISLAND.bookingCalendar}
            component={BookingCalendar}
            props={{
              path: '/book',
              studioZone,
              zones,
              types,
              noteLimit,
              reschedule: null,
              initial,
              serverResult: (actionData as BookingFormResult | undefined) ?? null,
            }}
          />
        )}
        <p className="border-t border-line pt-6 text-sm text-fg-muted">
          Prefer to write?{' '}
          <AppLink to="/contact" className="font-medium text-accent underline underline-offset-4">
            Send us a message
          </AppLink>{' '}
          about your project instead.
        </p>
      </div>
    </>
  );
}
