import { useCallback, useEffect, useRef, useState } from 'react';
import type { BookingSummary } from '#common/booking/admin.ts';
import { api } from '#app/lib/api.ts';

export interface BookingSummaryState {
  summary: BookingSummary | null;
  reload(): Promise<void>;
}

/** The dashboard card's counts; read again when the Bookings area changes a booking. */
export function useBookingSummary(): BookingSummaryState {
  const [summary, setSummary] = useState<BookingSummary | null>(null);
  const live = useRef(true);
  const read = useCallback(
    () =>
      api<BookingSummary>('GET', '/api/admin/booking/summary').then((result) => {
        if (live.current && result.ok) setSummary(result.data);
      }),
    [],
  );
  useEffect(() => {
    live.current = true;
    void read();
    return () => {
      live.current = false;
    };
  }, [read]);
  return { summary, reload: read };
}
