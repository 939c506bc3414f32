import type { CSSProperties } from 'react';
import type { AdminBooking } from '#common/booking/admin.ts';
import { clockIn } from '#common/booking/slot-days.ts';
import { cn } from '#app/lib/cn.ts';
import { blockPlacement, type DaySpan, type WeekBlock } from './week-layout.ts';

/* One booking in the week view, and where blocks and open hours sit in a day's column. */

const TONES: Record<AdminBooking['status'], string> = {
  confirmed: 'border-accent/70 bg-accent-soft text-fg hover:border-accent',
  no_show: 'border-orange-400/50 bg-orange-400/10 text-orange-200 hover:border-orange-300',
  cancelled: 'border-dashed border-line-strong bg-surface text-fg-subtle line-through hover:border-fg-subtle',
};
const STATUS_WORDS: Record<AdminBooking['status'], string> = { confirmed: '', no_show: ', no-show', cancelled: ', cancelled' };

export function placement(block: WeekBlock, layout: { firstHour: number; lastHour: number }): CSSProperties {
  const { top, height } = blockPlacement(block, layout);
  return { '--top': `${top}%`, '--height': `${height}%` } as CSSProperties;
}

export function spanPlacement(span: DaySpan, layout: { firstHour: number; lastHour: number }): CSSProperties {
  const { top, height } = blockPlacement(span, layout);
  return { top: `${top}%`, height: `${height}%` };
}

export function BlockButton({
  block,
  studioZone,
  selected,
  onSelect,
}: {
  block: WeekBlock;
  studioZone: string;
  selected: boolean;
  onSelect: () => void;
}) {
  const { booking } = block;
  const from = clockIn(Date.parse(booking.start), studioZone);
  const to = clockIn(Date.parse(booking.end), studioZone);
  return (
    <button
      type="button"
      aria-pressed={selected}
      title={`${from} – ${to} · ${booking.name}`}
      onClick={onSelect}
      className={cn(
        'flex w-full min-h-11 flex-wrap items-start gap-x-1.5 overflow-hidden rounded-md border px-2 py-1 text-left leading-tight',
        'max-md:py-2 max-md:text-sm md:flex-nowrap md:text-xs',
        'transition-colors md:h-full md:min-h-0',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
        TONES[booking.status],
        selected && 'ring-2 ring-accent',
      )}
    >
      {/* Read in full (end, type, status) and shown so on a phone; a narrow column shows the start and what fits of the name. */}
      <span className="shrink-0 font-semibold tabular-nums">
        {from}
        <span className="sr-only max-md:not-sr-only"> to {to},</span>
      </span>
      <span className="min-w-0 md:truncate">
        {booking.name}
        <span className="sr-only max-md:not-sr-only max-md:text-fg-muted">
          , {booking.typeName}
          {STATUS_WORDS[booking.status]}
        </span>
      </span>
    </button>
  );
}

/** "9:00 AM – 7:00 PM": an open span on the studio's wall clock. */
export function spanWords(span: DaySpan): string {
  const clock = (minute: number) => {
    const hour = Math.floor(minute / 60) % 24;
    return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
  };
  return `${clock(span.startMinute)} – ${clock(span.endMinute)}`;
}
