import type { FormEvent, ReactNode } from 'react';
import type { SlotTime } from '#common/booking/slot-days.ts';
import { Button } from '#app/components/ui/button.tsx';
import { longDay } from './booking-steps.ts';
import { cityOf } from './booking-times.ts';

/** The chosen time, with a way back to the times, above the step that takes it (the details, or the move). */
export function ChosenSlot({
  slot,
  date,
  visitorZone,
  studioZone,
  changeHref,
  onChange,
  headingRef,
  title,
  children,
}: {
  slot: SlotTime;
  date: string;
  visitorZone: string;
  studioZone: string;
  changeHref: string;
  onChange: () => void;
  headingRef?: React.Ref<HTMLHeadingElement>;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="booking-step-title" className="grid gap-6 lg:grid-cols-[minmax(0,0.9fr)_minmax(0,1.1fr)] lg:gap-12">
      <div className="grid content-start gap-3">
        <h2 id="booking-step-title" ref={headingRef} tabIndex={-1} className="scroll-mt-24 text-xl font-semibold text-fg outline-none">
          {title}
        </h2>
        <div className="grid gap-1 rounded-2xl border border-accent/40 bg-accent-soft p-5" data-testid="chosen-slot">
          <p className="text-sm font-medium text-fg-muted">{longDay(date)}</p>
          <p className="text-2xl font-bold text-fg">{slot.local}</p>
          <p className="text-sm text-fg-muted">
            {visitorZone === studioZone ? `${cityOf(studioZone)} time` : `${slot.studio} at the studio (${cityOf(studioZone)})`}
          </p>
        </div>
        <a
          href={changeHref}
          onClick={(event) => {
            event.preventDefault();
            onChange();
          }}
          className="justify-self-start text-sm font-medium text-accent underline underline-offset-4"
        >
          Pick another time
        </a>
      </div>
      <div>{children}</div>
    </section>
  );
}

/** The reschedule page's last step: one button that moves the booking to the chosen time. */
export function MoveForm({
  action,
  start,
  tz,
  sending,
  onSubmit,
}: {
  action: string;
  start: string;
  tz: string;
  sending: boolean;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form method="post" action={action} onSubmit={onSubmit} aria-busy={sending} className="grid gap-4">
      <input type="hidden" name="start" value={start} />
      <input type="hidden" name="tz" value={tz} />
      <p className="text-fg-muted">Your consultation moves to this time, and we e-mail you an updated invitation.</p>
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto sm:justify-self-start">
        {sending ? 'Moving…' : 'Move my consultation'}
      </Button>
    </form>
  );
}
