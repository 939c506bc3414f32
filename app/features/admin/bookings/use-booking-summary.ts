import { useCallback, useEffect, useState } from 'react';
import type { BookingSummary } from '#common/booking/admin.ts';
import { api } from '#app/lib/api.ts';

export interface BookingSummaryState {
  summary: BookingSummary | null;
  reload(): Promise<void>;
}

/** The dashboard card's counts; read again when the Bookings area changes a booking. */
export function useBookingSummary(): BookingSummaryState {
  const [summary, setSummary] = useState<BookingSummary | null>(null);
  const reload = useCallback(async () => {
    const result = await api<BookingSummary>('GET', '/api/admin/booking/summary');
    if (result.ok) setSummary(result.data);
  }, []);
  useEffect(() => void reload(), [reload]);
  return { summary, reload };
}
