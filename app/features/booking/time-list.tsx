import { cn } from '#app/lib/cn.ts';
import { longDay } from './booking-steps.ts';
import type { SlotTime } from '#common/booking/slot-days.ts';
import { cityOf, type OpenDay } from './booking-times.ts';
import { PickLink } from './pick-link.tsx';

/** The free times of one day, in the visitor's zone, the studio's time beside each when it differs. */
export function TimeList({
  day,
  times,
  visitorZone,
  studioZone,
  hrefOf,
  onPick,
  headingRef,
}: {
  day: OpenDay | null;
  /** The day's times, worded in the visitor's zone with the studio's beside. */
  times: SlotTime[];
  visitorZone: string;
  studioZone: string;
  hrefOf: (start: string) => string;
  onPick?: (start: string) => void;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const sameZone = visitorZone === studioZone;
  return (
    <section aria-labelledby="booking-time-title" className="grid content-start gap-4">
      <h2 id="booking-time-title" ref={headingRef} tabIndex={-1} className="scroll-mt-24 text-xl font-semibold text-fg outline-none">
        {day ? longDay(day.date) : 'Pick a time'}
      </h2>
      {day ? (
        <>
          <p className="text-sm text-fg-muted">
            {sameZone ? 'Times are in the studio’s time zone.' : `Your time, with the studio’s time in ${cityOf(studioZone)} below.`}
          </p>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {times.map((slot) => (
              <li key={slot.start}>
                <PickLink
                  href={hrefOf(slot.start)}
                  onPick={onPick && (() => onPick(slot.start))}
                  className={cn(
                    'grid min-h-13 place-content-center rounded-xl border border-line-strong px-3 py-2 text-center transition-colors',
                    'hover:border-accent hover:bg-accent-soft focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
                  )}
                >
                  <span className="font-semibold text-fg">{slot.local}</span>
                  {sameZone ? null : (
                    <span className="text-xs text-fg-subtle">
                      <span className="sr-only">, </span>
                      {slot.studio} <span className="sr-only">at the </span>studio
                    </span>
                  )}
                </PickLink>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-fg-muted">
          There are no free times in the coming weeks.{' '}
          <a href="/contact" className="text-accent underline underline-offset-4">
            Send us a message
          </a>{' '}
          and we will find a time together.
        </p>
      )}
    </section>
  );
}
