import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import type { AdminBooking } from '#common/booking/admin.ts';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { EmptyNote } from '#app/features/admin/dashboard/empty-note.tsx';
import { BookingCard } from './booking-card.tsx';
import { BOOKING_FILTER_LABELS, BOOKING_FILTERS, useBookingList, type BookingFilter } from './use-booking-list.ts';

const EMPTY: Record<BookingFilter, string> = {
  upcoming: 'No upcoming consultations',
  past: 'No past consultations yet',
  cancelled: 'No cancelled consultations',
  no_show: 'No one has missed a consultation',
};

export function LoadingNote({ label }: { label: string }) {
  return (
    <div role="status" className="flex justify-center py-16">
      <Loader2 aria-hidden className="size-8 animate-spin text-accent motion-reduce:animate-none" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function LoadFailure({ what, error }: { what: string; error: string }) {
  return (
    <p role="alert" className="rounded-xl border border-danger/60 bg-danger-surface/50 px-6 py-8 text-center text-red-200">
      Unable to load {what}. {error}
    </p>
  );
}

interface Props {
  studioZone: string;
  onChanged: () => void;
  onCreateProject: (booking: AdminBooking) => void;
}

/** The bookings of one filter: upcoming soonest first, the others latest first (the server's order). */
export function BookingList({ studioZone, onChanged, onCreateProject }: Props) {
  const [filter, setFilter] = useState<BookingFilter>('upcoming');
  const list = useBookingList({ status: filter });
  const now = new Date().getTime();
  const changed = (booking: AdminBooking) => {
    list.replace(booking);
    onChanged();
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      {/* Grid cells size the select (the shared input look is full width). */}
      <div className="grid grid-cols-[auto_minmax(0,12rem)_auto] items-center justify-start gap-3">
        <label htmlFor="booking-filter" className="text-sm text-fg-muted">
          Show
        </label>
        <select
          id="booking-filter"
          value={filter}
          onChange={(event) => setFilter(event.target.value as BookingFilter)}
          className={cn(inputClasses, 'py-2.5 pr-8')}
        >
          {BOOKING_FILTERS.map((item) => (
            <option key={item} value={item}>
              {BOOKING_FILTER_LABELS[item]}
            </option>
          ))}
        </select>
        {list.bookings ? (
          <p aria-live="polite" className="text-sm text-fg-subtle">
            {list.bookings.length} {list.bookings.length === 1 ? 'consultation' : 'consultations'}
          </p>
        ) : null}
      </div>
      {list.error && !list.bookings ? (
        <LoadFailure what="bookings" error={list.error} />
      ) : !list.bookings ? (
        <LoadingNote label="Loading bookings..." />
      ) : list.bookings.length === 0 ? (
        <EmptyNote>{EMPTY[filter]}</EmptyNote>
      ) : (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
          {list.bookings.map((booking) => (
            <li key={booking.id}>
              <BookingCard booking={booking} studioZone={studioZone} now={now} onChanged={changed} onCreateProject={onCreateProject} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
