import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { AdminBooking } from '#common/booking/admin.ts';
import { dateIn } from '#common/booking/slot-days.ts';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';
import { BookingCard } from './booking-card.tsx';
import { LoadFailure, LoadingNote } from './booking-list.tsx';
import { useBookingList } from './use-booking-list.ts';
import { useOpenHours } from './use-open-hours.ts';
import { BlockButton, placement, spanPlacement, spanWords } from './week-block.tsx';
import { addDays, dayHeading, fetchRange, hourLabel, layoutWeek, mondayOf, weekAvailability, weekDates } from './week-layout.ts';

/** A list of days on a phone; from md up the hours' gutter and seven columns, one hour 4rem tall. */
const GRID =
  'grid grid-cols-[minmax(0,1fr)] gap-3 md:grid-cols-[3.5rem_repeat(7,minmax(0,1fr))] md:gap-0 md:rounded-xl md:border ' +
  'md:border-line md:bg-surface';
/** A day's column from md up: the hours' height, a line at each hour. */
const DAY_COLUMN =
  'md:relative md:h-[calc(var(--hours)*4rem)] ' +
  'md:bg-[linear-gradient(to_bottom,var(--color-line)_1px,transparent_1px)] md:bg-size-[100%_4rem]';
/** A day's blocks: stacked on a phone, placed by the hour over the column from md up. */
const DAY_BLOCKS = 'mt-2 grid gap-2 md:absolute md:inset-0 md:mt-0 md:block';

interface Props {
  studioZone: string;
  onChanged: () => void;
  onCreateProject: (booking: AdminBooking) => void;
}

/**
 * Monday to Sunday in the studio's zone. From md up, seven columns with the hours down the side and
 * each booking a block at its time; on a phone the same days as a list. Every block is a button
 * (in time order, so Tab walks the week) that opens the booking below.
 */
export function WeekView({ studioZone, onChanged, onCreateProject }: Props) {
  // The week the owner opened the view in; "This week" comes back to it.
  const [thisMonday] = useState(() => mondayOf(Date.now(), studioZone));
  const [monday, setMonday] = useState(thisMonday);
  const list = useBookingList(fetchRange(monday));
  const openHours = useOpenHours();
  const availability = useMemo(() => (openHours ? weekAvailability(openHours, weekDates(monday)) : null), [openHours, monday]);
  const layout = useMemo(
    () => layoutWeek(list.bookings ?? [], monday, studioZone, availability?.open),
    [list.bookings, monday, studioZone, availability],
  );
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = list.bookings?.find((booking) => booking.id === selectedId) ?? null;
  const detail = useRef<HTMLDivElement>(null);
  const now = new Date().getTime();
  const today = dateIn(now, studioZone);
  const hours = layout.lastHour - layout.firstHour;

  useEffect(() => {
    if (selectedId !== null) detail.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [selectedId]);

  const changed = (booking: AdminBooking) => {
    list.replace(booking);
    onChanged();
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold text-fg" aria-live="polite">
          {dayHeading(monday, 'long')} – {dayHeading(addDays(monday, 6), 'long')}
        </h3>
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => setMonday(addDays(monday, -7))} aria-label="Previous week">
            <ChevronLeft aria-hidden className="size-4" />
            <span className="max-sm:sr-only">Previous</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setMonday(thisMonday)} disabled={monday === thisMonday}>
            This week
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setMonday(addDays(monday, 7))} aria-label="Next week">
            <span className="max-sm:sr-only">Next</span>
            <ChevronRight aria-hidden className="size-4" />
          </Button>
        </div>
      </div>
      <p className="-mt-2 text-sm text-fg-subtle">
        Times in the studio&apos;s zone ({studioZone}).
        {availability ? <span className="max-md:hidden"> The lighter hours are your weekly hours.</span> : null}
      </p>
      {list.error && !list.bookings ? (
        <LoadFailure what="the week" error={list.error} />
      ) : !list.bookings ? (
        <LoadingNote label="Loading the week..." />
      ) : (
        <div className={GRID} style={{ '--hours': hours } as CSSProperties}>
          {/* The hours down the side: for the eye only, each block's name says its time. */}
          <div aria-hidden className="relative hidden md:block">
            <div className="h-12 border-b border-line" />
            <div className="relative h-[calc(var(--hours)*4rem)]">
              {Array.from({ length: hours }, (_, index) => (
                <span
                  key={index}
                  className="absolute right-2 -translate-y-1/2 text-xs text-fg-subtle"
                  style={{ top: `${(index / hours) * 100}%` }}
                >
                  {index === 0 ? '' : hourLabel(layout.firstHour + index)}
                </span>
              ))}
            </div>
          </div>
          {layout.dates.map((date) => (
            <section
              key={date}
              aria-label={dayHeading(date, 'long')}
              className="rounded-xl border border-line bg-surface p-3 md:rounded-none md:border-0 md:border-l md:bg-transparent md:p-0"
            >
              <h4
                className={cn(
                  'text-sm font-semibold md:flex md:h-12 md:flex-col md:items-center md:justify-center md:border-b md:border-line',
                  date === today ? 'text-accent' : 'text-fg',
                )}
              >
                {dayHeading(date)}
                {date === today ? <span className="sr-only"> (today)</span> : null}
                {availability?.off[date] ? (
                  <span className="block text-xs font-normal text-fg-subtle">
                    <span className="sr-only">, </span>Off: {availability.off[date]}
                  </span>
                ) : null}
              </h4>
              {/* On a phone the day says its hours in words (the grid shades them). */}
              {availability?.open[date]?.length ? (
                <p className="text-xs text-fg-subtle md:hidden">Open {availability.open[date].map((span) => spanWords(span)).join(', ')}</p>
              ) : null}
              {layout.days[date].length === 0 ? <p className="mt-1 text-sm text-fg-subtle md:hidden">Nothing booked</p> : null}
              <div className={DAY_COLUMN}>
                {/* The open hours, lighter: a glance shows what is still free. */}
                {availability?.open[date]?.map((span) => (
                  <div
                    key={span.startMinute}
                    aria-hidden
                    className="absolute inset-x-0 hidden bg-fg/[0.05] md:block"
                    style={spanPlacement(span, layout)}
                  />
                ))}
                <ol className={DAY_BLOCKS}>
                  {layout.days[date].map((block) => (
                    <li
                      key={block.booking.id}
                      className="md:absolute md:inset-x-1 md:top-(--top) md:h-(--height) md:min-h-6"
                      style={placement(block, layout)}
                    >
                      <BlockButton
                        block={block}
                        studioZone={studioZone}
                        selected={block.booking.id === selectedId}
                        onSelect={() => setSelectedId(block.booking.id === selectedId ? null : block.booking.id)}
                      />
                    </li>
                  ))}
                </ol>
              </div>
            </section>
          ))}
        </div>
      )}
      <div ref={detail} aria-live="polite" className="scroll-mt-24">
        {selected ? (
          <BookingCard
            booking={selected}
            studioZone={studioZone}
            now={now}
            onChanged={changed}
            onCreateProject={onCreateProject}
            headingLevel="h4"
          />
        ) : list.bookings && list.bookings.length > 0 ? (
          <p className="text-sm text-fg-subtle">Choose a consultation to see its details.</p>
        ) : list.bookings ? (
          <p className="text-sm text-fg-subtle">Nothing booked this week.</p>
        ) : null}
      </div>
    </div>
  );
}
