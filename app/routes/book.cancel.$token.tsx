import { CalendarClock } from 'lucide-react';
import type { Route } from './+types/book.cancel.$token';
import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { BookingFacts, OutcomeCard } from '#app/features/booking/booking-confirmation.tsx';
import { BookingClosed, LinkNotValid } from '#app/features/booking/booking-link-views.tsx';
import { bookingLinkPageMeta } from '#app/features/booking/booking-link-meta.ts';
import { outcomeColumn } from '#app/features/booking/booking-page-header.tsx';
import { PAGE_POLICIES, type PageHandle } from '#common/page-policy.ts';

/** The address is the booking's key: never shared, no referrer, never indexed, its case kept. */
export const handle: PageHandle = { page: PAGE_POLICIES.secretAddress };

// No headers() here: the policy above makes the server send `private, no-store`, no-referrer and noindex (server/http/pages.ts).
export { cancelPageLoader as loader, cancelPageAction as action } from '#app/features/booking/booking-link-pages.server.ts';

export const meta: Route.MetaFunction = (args) => bookingLinkPageMeta(args, 'Cancel your consultation');

/** `/book/cancel/:token`: the e-mail's cancel link. One button, a plain form post. */
export default function CancelBooking({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  return (
    <div className={outcomeColumn}>
      {page.kind === 'cancel' ? (
        <OutcomeCard level={1} icon={<CalendarClock aria-hidden className="size-10 text-accent" />} title="Cancel your consultation?">
          <BookingFacts booking={page.booking} />
          <form method="post" className="flex flex-wrap gap-3">
            <Button type="submit" variant="destructive" size="lg" className="flex-1 sm:flex-none">
              Cancel consultation
            </Button>
            <ButtonLink to="/" variant="secondary" size="lg" className="flex-1 sm:flex-none">
              Keep it
            </ButtonLink>
          </form>
        </OutcomeCard>
      ) : page.kind === 'cancelled' || page.kind === 'closed' ? (
        <BookingClosed booking={page.booking} justCancelled={page.kind === 'cancelled'} />
      ) : (
        <LinkNotValid />
      )}
    </div>
  );
}
