import { cn } from '#app/lib/cn.ts';
import { calendarWeeks, longDay, monthsLabel } from './booking-steps.ts';
import type { OpenDay } from './booking-times.ts';
import { PickLink } from './pick-link.tsx';

const WEEKDAYS = [
  ['M', 'Monday'],
  ['T', 'Tuesday'],
  ['W', 'Wednesday'],
  ['T', 'Thursday'],
  ['F', 'Friday'],
  ['S', 'Saturday'],
  ['S', 'Sunday'],
] as const;

const cellBase = 'grid aspect-square min-h-11 place-content-center rounded-xl text-sm sm:text-base';

/**
 * The days with free times, as a month-like grid of weeks (Monday first). A day with times is a link;
 * the others are shown greyed so the weeks keep their shape.
 */
export function DayCalendar({
  days,
  selected,
  hrefOf,
  onPick,
}: {
  days: OpenDay[];
  selected: string | null;
  hrefOf: (date: string) => string;
  onPick?: (date: string) => void;
}) {
  const weeks = calendarWeeks(days.map((day) => day.date));
  const counts = new Map(days.map((day) => [day.date, day.starts.length]));
  return (
    <section aria-labelledby="booking-day-title" className="grid content-start gap-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="booking-day-title" className="text-xl font-semibold text-fg">
          Pick a day
        </h2>
        {days.length > 0 ? <p className="text-sm text-fg-muted">{monthsLabel(days[0]!.date, days.at(-1)!.date)}</p> : null}
      </div>
      <table className="w-full table-fixed border-separate border-spacing-1">
        <caption className="sr-only">Days with free times</caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([letter, name]) => (
              <th key={name} scope="col" className="pb-1 text-xs font-medium text-fg-subtle">
                <abbr title={name} className="no-underline">
                  {letter}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map((cell) => (
                <td key={cell.date} className="p-0">
                  {cell.open ? (
                    <PickLink
                      href={hrefOf(cell.date)}
                      onPick={onPick && (() => onPick(cell.date))}
                      current={cell.date === selected}
                      label={`${longDay(cell.date)}: ${counts.get(cell.date)} free times`}
                      className={cn(
                        cellBase,
                        'font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
                        cell.date === selected ? 'bg-accent text-ink' : 'bg-accent-soft text-accent hover:bg-accent hover:text-ink',
                      )}
                    >
                      {cell.dayOfMonth}
                    </PickLink>
                  ) : (
                    <span className={cn(cellBase, 'text-fg-subtle')}>
                      <span className="sr-only">{longDay(cell.date)}: no free times</span>
                      <span aria-hidden>{cell.dayOfMonth}</span>
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
