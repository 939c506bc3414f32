import { Clock, Phone, Video, MapPin } from 'lucide-react';
import type { PublicConsultationType } from '#common/booking/booking-request.ts';
import type { MeetingKind } from '#common/booking/settings.ts';
import { cn } from '#app/lib/cn.ts';
import { MEETING_LABELS } from './booking-times.ts';
import { PickLink } from './pick-link.tsx';

const MEETING_ICONS: Record<MeetingKind, typeof Phone> = { phone: Phone, video: Video, studio: MapPin };

/** What a consultation is: its length and how it happens. */
export function TypeFacts({ type }: { type: PublicConsultationType }) {
  const Icon = MEETING_ICONS[type.meeting];
  return (
    <span className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-fg-muted">
      <span className="inline-flex items-center gap-1.5">
        <Clock aria-hidden className="size-4 text-accent" />
        {type.lengthMinutes} min
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Icon aria-hidden className="size-4 text-accent" />
        {MEETING_LABELS[type.meeting]}
      </span>
    </span>
  );
}

/** The first step when the studio offers more than one kind of consultation. */
export function TypeChooser({
  types,
  hrefOf,
  onPick,
}: {
  types: PublicConsultationType[];
  hrefOf: (key: string) => string;
  onPick?: (key: string) => void;
}) {
  return (
    <section aria-labelledby="booking-type-title" className="grid gap-4">
      <h2 id="booking-type-title" className="text-xl font-semibold text-fg">
        Choose a consultation
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {types.map((type) => (
          <li key={type.key}>
            <PickLink
              href={hrefOf(type.key)}
              onPick={onPick && (() => onPick(type.key))}
              className={cn(
                'grid h-full gap-2 rounded-2xl border border-line bg-surface p-5 transition-colors',
                'hover:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
              )}
            >
              <span className="text-lg font-semibold text-fg">{type.name}</span>
              <TypeFacts type={type} />
              {type.description ? <span className="text-sm leading-relaxed text-fg-muted">{type.description}</span> : null}
            </PickLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The consultation chosen, above the day and time: what it is, and a way back to the others when there are any. */
export function ChosenType({
  type,
  canChange,
  changeHref,
  onChange,
}: {
  type: PublicConsultationType;
  canChange: boolean;
  changeHref: string;
  onChange: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface px-5 py-4">
      <div className="grid gap-1">
        <p className="font-semibold text-fg">{type.name}</p>
        <TypeFacts type={type} />
        {type.description ? <p className="mt-1 text-sm leading-relaxed text-fg-muted">{type.description}</p> : null}
      </div>
      {canChange ? (
        <PickLink href={changeHref} onPick={onChange} className="text-sm font-medium text-accent underline underline-offset-4">
          Change
        </PickLink>
      ) : null}
    </div>
  );
}
