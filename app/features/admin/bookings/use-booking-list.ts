import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminBooking } from '#common/booking/admin.ts';
import { api } from '#app/lib/api.ts';

export const BOOKING_FILTERS = ['upcoming', 'past', 'cancelled', 'no_show'] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];
export const BOOKING_FILTER_LABELS: Record<BookingFilter, string> = {
  upcoming: 'Upcoming',
  past: 'Past',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

export interface BookingListState {
  bookings: AdminBooking[] | null;
  error: string | null;
  reload(): Promise<void>;
  /** A booking changed here (notes, cancel, no-show): shown at once, and dropped when it left this list. */
  replace(booking: AdminBooking): void;
}

/**
 * One read of the bookings: a status filter, or a span of instants (the week view). A newer query
 * wins over an answer still on its way for an older one.
 */
export function useBookingList(query: { status: BookingFilter } | { from: string; to: string }): BookingListState {
  const [bookings, setBookings] = useState<AdminBooking[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const search = new URLSearchParams('status' in query ? { status: query.status } : { from: query.from, to: query.to }).toString();
  const latest = useRef(search);
  latest.current = search;
  const status = 'status' in query ? query.status : null;

  const reload = useCallback(async () => {
    const result = await api<AdminBooking[]>('GET', `/api/admin/bookings?${search}`);
    if (latest.current !== search) return;
    if (!result.ok) return void setError(result.serverMessage ?? result.message);
    setError(null);
    setBookings(Array.isArray(result.data) ? result.data : []);
  }, [search]);

  useEffect(() => {
    setBookings(null);
    void reload();
  }, [reload]);

  const replace = useCallback(
    (booking: AdminBooking) =>
      setBookings((list) => {
        if (!list) return list;
        const stays = status === null || belongsTo(booking, status, Date.now());
        return stays ? list.map((item) => (item.id === booking.id ? booking : item)) : list.filter((item) => item.id !== booking.id);
      }),
    [status],
  );

  return { bookings, error, reload, replace };
}

/** The server's filters, for a booking changed in the browser. */
export function belongsTo(booking: AdminBooking, filter: BookingFilter, now: number): boolean {
  const ended = Date.parse(booking.end) <= now;
  switch (filter) {
    case 'upcoming':
      return booking.status === 'confirmed' && !ended;
    case 'past':
      return booking.status !== 'cancelled' && ended;
    case 'cancelled':
      return booking.status === 'cancelled';
    case 'no_show':
      return booking.status === 'no_show';
  }
}
