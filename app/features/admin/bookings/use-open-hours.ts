import { useEffect, useState } from 'react';
import type { AdminBookingSettings } from '#common/booking/admin.ts';
import type { BookingSettings } from '#common/booking/settings.ts';
import { api } from '#app/lib/api.ts';

/**
 * The weekly hours and dates off, for the week view's shading: read each time the view opens (the
 * Settings view may just have changed them). Null until read, or when the read failed (no shading).
 */
export function useOpenHours(): Pick<BookingSettings, 'weekly' | 'datesOff'> | null {
  const [hours, setHours] = useState<Pick<BookingSettings, 'weekly' | 'datesOff'> | null>(null);
  useEffect(() => {
    let live = true;
    void api<AdminBookingSettings>('GET', '/api/admin/booking/settings').then((result) => {
      if (live && result.ok) setHours({ weekly: result.data.settings.weekly, datesOff: result.data.settings.datesOff });
    });
    return () => {
      live = false;
    };
  }, []);
  return hours;
}
