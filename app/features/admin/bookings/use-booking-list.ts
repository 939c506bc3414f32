import { useCallback, useEffect, useState } from 'react';
import type { AdminBooking } from '#common/booking/admin.ts';
import { api, type ApiResult } from '#app/lib/api.ts';

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
  /** A booking changed here (notes, cancel, no-show): shown at once, and dropped when it left this list. */
  replace(booking: AdminBooking): void;
}

type Query = { status: BookingFilter } | { from: string; to: string };
interface Answer {
  search: string;
  bookings: AdminBooking[] | null;
  error: string | null;
}

const searchOf = (query: Query) =>
  new URLSearchParams('status' in query ? { status: query.status } : { from: query.from, to: query.to }).toString();

/**
 * One read of the bookings: a status filter, or a span of instants (the week view). Each query's
 * answer is kept with the query it answers, so a slow answer to an older one never shows.
 */
export function useBookingList(query: Query): BookingListState {
  const search = searchOf(query);
  const status = 'status' in query ? query.status : null;
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    let live = true;
    void api<AdminBooking[]>('GET', `/api/admin/bookings?${search}`).then((result: ApiResult<AdminBooking[]>) => {
      if (!live) return;
      if (result.ok) setAnswer({ search, bookings: Array.isArray(result.data) ? result.data : [], error: null });
      else setAnswer({ search, bookings: null, error: result.serverMessage ?? result.message });
    });
    return () => {
      live = false;
    };
  }, [search]);

  const replace = useCallback(
    (booking: AdminBooking) =>
      setAnswer((current) => {
        if (!current?.bookings) return current;
        const stays = status === null || belongsTo(booking, status, Date.now());
        const bookings = stays
          ? current.bookings.map((item) => (item.id === booking.id ? booking : item))
          : current.bookings.filter((item) => item.id !== booking.id);
        return { ...current, bookings };
      }),
    [status],
  );

  const current = answer?.search === search ? answer : null;
  return { bookings: current?.bookings ?? null, error: current?.error ?? null, replace };
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
