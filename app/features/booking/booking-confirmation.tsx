import type { ReactNode } from 'react';
import { CalendarCheck, Mail } from 'lucide-react';
import type { BookingLinks, VisitorBooking } from '#common/booking/booking-request.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { cityOf, whenIn } from './booking-times.ts';

/** The consultation's facts: what, when (the visitor's time and the studio's), how. */
export function BookingFacts({ booking }: { booking: VisitorBooking }) {
  const sameZone = booking.visitorZone === booking.studioZone;
  return (
    <dl className="grid gap-4 rounded-xl border border-line bg-ink/60 p-5 text-left sm:grid-cols-[8rem_1fr] sm:gap-x-6">
      <dt className="text-sm font-medium text-fg-subtle">What</dt>
      <dd className="-mt-3 text-fg sm:mt-0">{booking.typeName}</dd>
      <dt className="text-sm font-medium text-fg-subtle">When</dt>
      <dd className="-mt-3 grid gap-1 sm:mt-0" data-testid="booking-when">
        <span className="font-semibold text-fg">{whenIn(booking.start, booking.visitorZone)}</span>
        {sameZone ? null : (
          <span className="text-sm text-fg-muted">
            {whenIn(booking.start, booking.studioZone)} at the studio ({cityOf(booking.studioZone)})
          </span>
        )}
      </dd>
      {booking.where ? (
        <>
          <dt className="text-sm font-medium text-fg-subtle">How</dt>
          <dd className="-mt-3 break-words text-fg sm:mt-0">
            {booking.meetingLink ? (
              <>
                Video call:{' '}
                <a href={booking.meetingLink} className="text-accent underline underline-offset-4" rel="noreferrer">
                  {booking.meetingLink}
                </a>
              </>
            ) : (
              booking.where
            )}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** A card with an icon, a heading and what follows: the shape of every booking page's outcome. */
export function OutcomeCard({
  icon,
  title,
  headingRef,
  level = 2,
  children,
}: {
  icon: ReactNode;
  title: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
  /** 1 on a page of its own (the e-mailed links' pages), 2 under the booking page's heading. */
  level?: 1 | 2;
  children: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section aria-labelledby="booking-outcome-title" className="grid gap-6 rounded-2xl border border-line bg-surface p-6 sm:p-8">
      <div className="grid justify-items-center gap-3 text-center">
        {icon}
        <Heading
          id="booking-outcome-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-fg outline-none sm:text-3xl"
        >
          {title}
        </Heading>
      </div>
      {children}
    </section>
  );
}

/**
 * What the visitor sees once booked (or moved): the time in their zone and the studio's, how it
 * happens, the e-mail on its way, and the links to change it.
 */
export function BookingConfirmation({
  booking,
  links,
  moved = false,
  headingRef,
  level = 2,
}: {
  booking: VisitorBooking;
  links: BookingLinks;
  moved?: boolean;
  headingRef?: React.Ref<HTMLHeadingElement>;
  level?: 1 | 2;
}) {
  return (
    <OutcomeCard
      level={level}
      icon={<CalendarCheck aria-hidden className="size-10 text-success" />}
      title={moved ? 'Your consultation has a new time' : 'You’re booked'}
      headingRef={headingRef}
    >
      <BookingFacts booking={booking} />
      <p className="flex gap-3 text-fg-muted">
        <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
        <span>
          An e-mail with a calendar invitation is on its way to <span className="break-all font-medium text-fg">{booking.email}</span>.
        </span>
      </p>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to={links.reschedule} variant="secondary" className="flex-1 sm:flex-none">
          Reschedule
        </ButtonLink>
        <ButtonLink to={links.cancel} variant="secondary" className="flex-1 sm:flex-none">
          Cancel
        </ButtonLink>
      </div>
    </OutcomeCard>
  );
}
