import { startTransition, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { CircleAlert } from 'lucide-react';
import type { BookedAnswer, BookingLinks, PublicConsultationType, SlotsAnswer, VisitorBooking } from '#common/booking/booking-request.ts';
import { CONTACT_HONEYPOT_FIELD } from '#common/contact-fields.ts';
import type { FieldErrors } from '#common/validation.ts';
import { api } from '#app/lib/api.ts';
import { BookingConfirmation } from './booking-confirmation.tsx';
import type { BookingFormResult } from './booking-form-result.ts';
import { bookingHref, pickDay, zoneChoices, type BookingChoice, type InitialChoice } from './booking-steps.ts';
import { openDays, timesOf, type OpenDay } from './booking-times.ts';
import { DayCalendar } from './day-calendar.tsx';
import { PickLink } from './pick-link.tsx';
import { ChosenSlot, MoveForm } from './chosen-slot.tsx';
import { DetailsForm, EMPTY_DETAILS, type DetailsValues } from './details-form.tsx';
import { TimeList } from './time-list.tsx';
import { TypeChooser, TypeFacts } from './type-chooser.tsx';
import { ZonePicker } from './zone-picker.tsx';

export interface BookingCalendarProps {
  /** The page's path: `/book`, or a booking's `/book/reschedule/{token}`. */
  path: string;
  studioZone: string;
  zones: string[];
  types: PublicConsultationType[];
  noteLimit: number;
  /** Set on the reschedule page: the booking being moved and its links. */
  reschedule: { token: string; booking: VisitorBooking; links: BookingLinks } | null;
  initial: InitialChoice;
  serverResult: BookingFormResult | null;
  /** Told once booked or moved in place (the reschedule page then clears its own header: reschedule-move.tsx). */
  onDone?: () => void;
}

const FAILURE = 'Something went wrong. Please try again.';

/**
 * The free consultation's picker, an island: type, day, time, then the visitor's details (or, on the
 * reschedule page, the move). Without JavaScript each step is a link or a form on the page's address;
 * with it, the same markup moves between the steps in place, asks /api/booking/slots for the times
 * and books through the JSON API, so the page never reloads.
 */
export function BookingCalendar(props: BookingCalendarProps) {
  const { path, studioZone, types, reschedule, initial, serverResult } = props;
  const refused = serverResult?.status === 'refused' ? serverResult : null;
  const [choice, setChoice] = useState({ type: initial.type, tz: initial.tz, day: initial.day, start: initial.start });
  // Null while the server's slots hold; the starts fetched since (another type, fresh after a refusal).
  const [slots, setSlots] = useState<string[] | null>(null);
  const [values, setValues] = useState<DetailsValues>(refused?.values ?? EMPTY_DETAILS);
  const [errors, setErrors] = useState<FieldErrors>(refused?.errors ?? {});
  const [notice, setNotice] = useState<string | null>(refused?.message ?? null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<{ booking: VisitorBooking; links: BookingLinks } | null>(null);
  const mounted = useRef(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const timesHeading = useRef<HTMLHeadingElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<'times' | 'step' | null>(null);

  const zones = useMemo(() => zoneChoices(props.zones, choice.tz, studioZone), [props.zones, choice.tz, studioZone]);
  // As the server worded them until the slots or the zone change: hydrating needs no Intl.
  const asServed = slots === null && choice.tz === initial.tz;
  const days = useMemo(
    () => (asServed ? initial.days : openDays(slots ?? initial.days.flatMap((served) => served.starts), choice.tz)),
    [asServed, initial.days, slots, choice.tz],
  );
  const timesFor = (shown: OpenDay) =>
    asServed && initial.shown?.date === shown.date ? initial.shown.times : timesOf(shown.starts, choice.tz, studioZone);
  const day = pickDay(days, choice.day);
  const type = types.find((candidate) => candidate.key === choice.type) ?? null;
  const chosenDay = choice.start ? days.find((candidate) => candidate.starts.includes(choice.start!)) : undefined;
  const chosen = chosenDay ? timesFor(chosenDay).find((slot) => slot.start === choice.start) : undefined;
  // The reschedule page's type is the booking's: its address never names one.
  const hrefOf = (change: BookingChoice) => bookingHref(path, { ...choice, ...(reschedule ? { type: null } : {}), ...change });

  // The browser knows the visitor's zone; the server could only guess the studio's.
  useEffect(() => {
    if (initial.tzChosen) return;
    const detected = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // A transition: the page stays responsive while every time is worded again in the visitor's zone.
    if (detected && detected !== choice.tz) startTransition(() => setChoice((current) => ({ ...current, tz: detected })));
    // Once, after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The address follows the steps, so a reload or a shared link lands on the same one; once booked,
  // on the confirmation (the booking's own page).
  useEffect(() => {
    // The first run is the hydration: the address is already the page's own.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    const here = done
      ? `${done.links.reschedule}?${reschedule ? 'moved' : 'booked'}=1`
      : bookingHref(path, { ...choice, type: reschedule ? null : choice.type, day: day?.date ?? null });
    window.history.replaceState(window.history.state, '', here);
    if (focusNext.current === 'times') timesHeading.current?.focus();
    if (focusNext.current === 'step') stepHeading.current?.focus();
    focusNext.current = null;
  }, [path, choice, day?.date, done, reschedule]);

  const loadSlots = async (typeKey: string) => {
    const url = reschedule
      ? `/api/bookings/${encodeURIComponent(reschedule.token)}/reschedule`
      : `/api/booking/slots?type=${encodeURIComponent(typeKey)}`;
    const answer = await api<SlotsAnswer | { slots: SlotsAnswer }>('GET', url);
    if (!answer.ok) {
      setNotice(answer.serverMessage ?? FAILURE);
      return;
    }
    const fresh = 'type' in answer.data ? answer.data : answer.data.slots;
    setSlots(fresh.slots.map((slot) => slot.start));
  };

  const choose = (change: Partial<Pick<InitialChoice, 'type' | 'tz' | 'day' | 'start'>>, focus: 'times' | 'step' | null = null) => {
    focusNext.current = focus;
    setNotice(null);
    setChoice((current) => ({ ...current, ...change }));
  };

  const refuse = (message: string, fieldErrors: FieldErrors, status: number) => {
    setErrors(fieldErrors);
    setNotice(message);
    // A time that cannot be booked (taken, too soon) sends the visitor back to the times, freshly asked;
    // an e-mail address that already holds its consultations stays on the details, its field marked.
    if ((status === 409 && !fieldErrors.email) || fieldErrors.start) {
      focusNext.current = 'times';
      setChoice((current) => ({ ...current, start: null }));
      if (choice.type) void loadSlots(choice.type);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || !choice.start || !choice.type) return;
    setSending(true);
    setNotice(null);
    const answer = reschedule
      ? await api<VisitorBooking>('POST', `/api/bookings/${encodeURIComponent(reschedule.token)}/reschedule`, { start: choice.start })
      : await api<BookedAnswer>('POST', '/api/bookings', {
          type: choice.type,
          start: choice.start,
          name: values.name,
          email: values.email,
          phone: values.phone,
          note: values.note,
          tz: choice.tz,
          [CONTACT_HONEYPOT_FIELD]: honeypot.current?.value ?? '',
        });
    setSending(false);
    if (answer.ok) {
      focusNext.current = 'step';
      const links = reschedule ? reschedule.links : (answer.data as BookedAnswer).links;
      setDone({ booking: answer.data, links });
      props.onDone?.();
      return;
    }
    refuse(answer.serverMessage ?? FAILURE, answer.errors, answer.status);
  };

  if (done)
    return (
      <div className="mx-auto w-full max-w-2xl">
        {/* Moved, it is the page's only heading (the reschedule page drops its own): level 1. */}
        <BookingConfirmation
          booking={done.booking}
          links={done.links}
          moved={Boolean(reschedule)}
          headingRef={stepHeading}
          level={reschedule ? 1 : 2}
        />
      </div>
    );

  return (
    <div className="grid gap-8">
      {notice ? (
        <div role="alert" className="flex gap-3 rounded-xl border border-red-400/50 bg-danger-surface/60 p-4 text-fg">
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-400" />
          <p>{notice}</p>
        </div>
      ) : null}

      {!type ? (
        <TypeChooser
          types={types}
          hrefOf={(key) => hrefOf({ type: key, day: null, start: null })}
          onPick={(key) => {
            choose({ type: key, day: null, start: null });
            void loadSlots(key);
          }}
        />
      ) : (
        <>
          {reschedule ? null : (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface px-5 py-4">
              <div className="grid gap-1">
                <p className="font-semibold text-fg">{type.name}</p>
                <TypeFacts type={type} />
                {type.description ? <p className="mt-1 text-sm leading-relaxed text-fg-muted">{type.description}</p> : null}
              </div>
              {types.length > 1 ? (
                <PickLink
                  href={hrefOf({ type: null, day: null, start: null })}
                  onPick={() => choose({ type: null, day: null, start: null })}
                  className="text-sm font-medium text-accent underline underline-offset-4"
                >
                  Change
                </PickLink>
              ) : null}
            </div>
          )}

          {chosen && chosenDay ? (
            <ChosenSlot
              slot={chosen}
              date={chosenDay.date}
              title={reschedule ? 'Move to this time' : 'Your details'}
              visitorZone={choice.tz}
              studioZone={studioZone}
              changeHref={hrefOf({ start: null })}
              onChange={() => choose({ start: null }, 'times')}
              headingRef={stepHeading}
            >
              {reschedule ? (
                <MoveForm action={hrefOf({})} start={chosen.start} tz={choice.tz} sending={sending} onSubmit={onSubmit} />
              ) : (
                <DetailsForm
                  action={hrefOf({})}
                  hidden={{ type: type.key, start: chosen.start, tz: choice.tz }}
                  values={values}
                  errors={errors}
                  needsPhone={type.needsPhone}
                  noteLimit={props.noteLimit}
                  sending={sending}
                  onChange={setValues}
                  onSubmit={onSubmit}
                  honeypot={honeypot}
                />
              )}
            </ChosenSlot>
          ) : (
            <div className="grid gap-8">
              <ZonePicker
                action={path}
                zone={choice.tz}
                zones={zones}
                keep={{ type: reschedule ? null : choice.type, day: day?.date ?? null }}
                onPick={(tz) => choose({ tz })}
              />
              <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-12">
                <DayCalendar
                  days={days}
                  selected={day?.date ?? null}
                  hrefOf={(date) => hrefOf({ day: date, start: null })}
                  onPick={(date) => choose({ day: date, start: null }, 'times')}
                />
                <TimeList
                  day={day}
                  times={day ? timesFor(day) : []}
                  visitorZone={choice.tz}
                  studioZone={studioZone}
                  hrefOf={(start) => hrefOf({ day: day?.date ?? null, start })}
                  onPick={(start) => choose({ day: day?.date ?? null, start }, 'step')}
                  headingRef={timesHeading}
                />
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}
