import type { BookingStatusName } from '#common/booking/admin.ts';
import { cn } from '#app/lib/cn.ts';

export const BOOKING_STATUS_LABELS: Record<BookingStatusName, string> = {
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

const TONES: Record<BookingStatusName, string> = {
  confirmed: 'bg-green-400/15 text-green-300 ring-green-400/40',
  cancelled: 'bg-fg-subtle/10 text-fg-muted ring-fg-subtle/30',
  no_show: 'bg-orange-400/15 text-orange-300 ring-orange-400/40',
};

export function BookingStatusBadge({ status }: { status: BookingStatusName }) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONES[status],
      )}
    >
      {BOOKING_STATUS_LABELS[status] ?? status}
    </span>
  );
}
