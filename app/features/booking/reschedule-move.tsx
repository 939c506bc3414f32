import { useState } from 'react';
import { BookingCalendar, type BookingCalendarProps } from './booking-calendar.tsx';
import { BookingFacts } from './booking-confirmation.tsx';
import { BookingPageHeader, bookingColumn, outcomeColumn } from './booking-page-header.tsx';

export type RescheduleMoveProps = Omit<BookingCalendarProps, 'onDone' | 'reschedule'> & {
  reschedule: NonNullable<BookingCalendarProps['reschedule']>;
};

/**
 * The reschedule page's content, one island: the heading, the time booked now, and the picker. Its
 * words about the current time hold only until the move: moved in place, they give way to the new
 * time's confirmation alone, as the page without JavaScript shows it after its redirect (`?moved=1`).
 * The picker keeps its place in the tree, so it keeps its state when they go.
 */
export function RescheduleMove(props: RescheduleMoveProps) {
  const [moved, setMoved] = useState(false);
  return (
    <>
      {moved ? null : (
        <BookingPageHeader eyebrow="Free consultation" title="Pick a new time">
          <p>Your consultation stays booked at its current time until you move it.</p>
        </BookingPageHeader>
      )}
      <div className={moved ? outcomeColumn : bookingColumn}>
        {moved ? null : (
          <section aria-label="Your booking now" className="grid gap-3">
            <h2 className="text-sm font-semibold uppercase tracking-widest text-fg-subtle">Booked now</h2>
            <BookingFacts booking={props.reschedule.booking} />
          </section>
        )}
        <BookingCalendar {...props} onDone={() => setMoved(true)} />
      </div>
    </>
  );
}
