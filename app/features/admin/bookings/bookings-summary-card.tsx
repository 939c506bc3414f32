import { CalendarDays, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { BookingSummary } from '#common/booking/admin.ts';
import { cn } from '#app/lib/cn.ts';
import { spanIn } from './booking-time.ts';

/**
 * The dashboard's consultations card: how many today and this week (the studio's), and the next
 * one; the whole card opens the Bookings area.
 */
export function BookingsSummaryCard({ summary, studioZone }: { summary: BookingSummary | null; studioZone: string | null }) {
  const next = summary?.next ?? null;
  return (
    <Link
      to="/manage/bookings"
      className={cn(
        'grid gap-3 rounded-xl border border-line bg-surface p-4 transition-colors hover:border-accent/60 sm:p-5',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
        'sm:grid-cols-[auto_auto_minmax(0,1fr)_auto] sm:items-center sm:gap-8',
      )}
    >
      <span className="flex items-center gap-3 sm:contents">
        <Count label="Consultations today" value={summary?.today ?? null} />
        <Count label="This week" value={summary?.thisWeek ?? null} />
      </span>
      <span className="flex min-w-0 items-center gap-3 border-t border-line pt-3 text-sm sm:border-0 sm:pt-0">
        <CalendarDays aria-hidden className="size-5 shrink-0 text-accent" />
        <span className="min-w-0">
          <span className="block font-medium text-fg-muted">Next consultation</span>
          <span className="block break-words text-fg">
            {!summary ? '–' : next && studioZone ? `${spanIn(next.start, next.end, studioZone)} · ${next.name}` : 'None booked'}
          </span>
        </span>
      </span>
      <span className="hidden items-center gap-1 text-sm font-semibold text-accent sm:inline-flex">
        Bookings
        <ChevronRight aria-hidden className="size-4" />
      </span>
    </Link>
  );
}

function Count({ label, value }: { label: string; value: number | null }) {
  return (
    <span className="min-w-0 flex-1">
      <span className="block text-sm font-medium text-fg-muted">{label}</span>
      <span className="mt-1 block text-3xl font-bold tabular-nums text-fg">{value ?? '–'}</span>
    </span>
  );
}
