import { CalendarX2, LinkIcon } from 'lucide-react';
import type { VisitorBooking } from '#common/booking/booking-request.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { BookingFacts, OutcomeCard } from './booking-confirmation.tsx';

/** An e-mailed link that names no booking (mistyped, or from before the studio's secret changed). */
export function LinkNotValid() {
  return (
    <OutcomeCard level={1} icon={<LinkIcon aria-hidden className="size-10 text-accent" />} title="This link is not valid">
      <p className="text-center text-fg-muted">
        It does not name a consultation. Check that the whole link from the e-mail was opened, or book a new time.
      </p>
      <BookAgain />
    </OutcomeCard>
  );
}

/** Cancelled (by the visitor now, or earlier by either side) or already started: nothing left to change. */
export function BookingClosed({ booking, justCancelled = false }: { booking: VisitorBooking; justCancelled?: boolean }) {
  const cancelled = booking.status === 'cancelled';
  const title = justCancelled
    ? 'Your consultation is cancelled'
    : cancelled
      ? 'This consultation was cancelled'
      : 'This consultation can no longer be changed';
  return (
    <OutcomeCard level={1} icon={<CalendarX2 aria-hidden className="size-10 text-accent" />} title={title}>
      <BookingFacts booking={booking} />
      <p className="text-center text-fg-muted">
        {justCancelled
          ? 'We have e-mailed you the cancellation. You are welcome to book another time.'
          : cancelled
            ? 'You are welcome to book another time.'
            : 'Its time has come or gone. To talk again, book a new time or write to us.'}
      </p>
      <BookAgain />
    </OutcomeCard>
  );
}

function BookAgain() {
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <ButtonLink to="/book">Book a consultation</ButtonLink>
      <ButtonLink to="/contact" variant="secondary">
        Contact us
      </ButtonLink>
    </div>
  );
}
