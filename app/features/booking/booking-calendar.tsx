import { startTransition, useEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { CircleAlert } from 'lucide-react';
import type { BookedAnswer, BookingLinks, PublicConsultationType, VisitorBooking } from '#common/booking/booking-request.ts';
import type { FieldErrors } from '#common/validation.ts';
import { BookingConfirmation } from './booking-confirmation.tsx';
import type { BookingFormResult } from './booking-form-result.ts';
import { BOOKING_FAILURE, fetchSlotStarts, sendBooking } from './booking-requests.ts';
import { bookingHref, pickDay, zoneChoices, type BookingChoice, type InitialChoice } from './booking-steps.ts';
import { openDays, timesOf, type OpenDay } from './booking-times.ts';
import { ChosenSlot, MoveForm } from './chosen-slot.tsx';
import { DayAndTimePicker } from './day-and-time-picker.tsx';
import { DetailsForm, EMPTY_DETAILS, type DetailsValues } from './details-form.tsx';
import { ChosenType, TypeChooser } from './type-chooser.tsx';

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
  const [done, setDone] = useState<Done | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const timesHeading = useRef<HTMLHeadingElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<'times' | 'step' | null>(null);

  const zones = useMemo(() => zoneChoices(props.zones, choice.tz, studioZone), [props.zones, choice.tz, studioZone]);
  const { days, timesFor, day, chosenDay, chosen } = useShownDays(initial, slots, choice, studioZone);
  const type = types.find((candidate) => candidate.key === choice.type) ?? null;
  // The reschedule page's type is the booking's: its address never names one.
  const hrefOf = (change: BookingChoice) => bookingHref(path, { ...choice, ...(reschedule ? { type: null } : {}), ...change });

  useVisitorZone(initial.tzChosen ? null : choice.tz, (tz) => setChoice((current) => ({ ...current, tz })));

  const steps = { path, choice, dayDate: day?.date ?? null, done, rescheduling: Boolean(reschedule) };
  useAddressFollowsSteps(steps, focusNext, timesHeading, stepHeading);

  const loadSlots = async (typeKey: string) => {
    const fresh = await fetchSlotStarts(reschedule?.token ?? null, typeKey);
    if ('failed' in fresh) setNotice(fresh.failed);
    else setSlots(fresh.starts);
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
    const answer = await sendBooking(
      reschedule?.token ?? null,
      { type: choice.type, tz: choice.tz, start: choice.start },
      values,
      honeypot.current,
    );
    setSending(false);
    if (answer.ok) {
      focusNext.current = 'step';
      const links = reschedule ? reschedule.links : (answer.data as BookedAnswer).links;
      setDone({ booking: answer.data, links });
      props.onDone?.();
      return;
    }
    refuse(answer.serverMessage ?? BOOKING_FAILURE, answer.errors, answer.status);
  };

  if (done) return <BookedView done={done} moved={Boolean(reschedule)} headingRef={stepHeading} />;

  return (
    <div className="grid gap-8">
      {notice ? <BookingNotice message={notice} /> : null}

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
            <ChosenType
              type={type}
              canChange={types.length > 1}
              changeHref={hrefOf({ type: null, day: null, start: null })}
              onChange={() => choose({ type: null, day: null, start: null })}
            />
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
            <DayAndTimePicker
              path={path}
              zone={choice.tz}
              zones={zones}
              studioZone={studioZone}
              keepType={reschedule ? null : choice.type}
              days={days}
              day={day}
              times={day ? timesFor(day) : []}
              hrefOfDay={(date) => hrefOf({ day: date, start: null })}
              hrefOfStart={(start) => hrefOf({ day: day?.date ?? null, start })}
              onPickZone={(tz) => choose({ tz })}
              onPickDay={(date) => choose({ day: date, start: null }, 'times')}
              onPickStart={(start) => choose({ day: day?.date ?? null, start }, 'step')}
              timesHeading={timesHeading}
            />
          )}
        </>
      )}
    </div>
  );
}

/** The browser knows the visitor's zone; the server could only guess the studio's. `shown` null: the visitor chose one. */
function useVisitorZone(shown: string | null, onDetected: (tz: string) => void) {
  useEffect(() => {
    if (shown === null) return;
    const detected = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // A transition: the page stays responsive while every time is worded again in the visitor's zone.
    if (detected && detected !== shown) startTransition(() => onDetected(detected));
    // Once, after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

function BookingNotice({ message }: { message: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-red-400/50 bg-danger-surface/60 p-4 text-fg">
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-400" />
      <p>{message}</p>
    </div>
  );
}

type Done = { booking: VisitorBooking; links: BookingLinks };

/** The days and times shown: as the server worded them until the slots or the zone change (hydrating needs no Intl), then worded here. */
function useShownDays(
  initial: InitialChoice,
  slots: string[] | null,
  choice: { tz: string; day: string | null; start: string | null },
  studioZone: string,
) {
  const asServed = slots === null && choice.tz === initial.tz;
  const days = useMemo(
    () => (asServed ? initial.days : openDays(slots ?? initial.days.flatMap((served) => served.starts), choice.tz)),
    [asServed, initial.days, slots, choice.tz],
  );
  const timesFor = (shown: OpenDay) =>
    asServed && initial.shown?.date === shown.date ? initial.shown.times : timesOf(shown.starts, choice.tz, studioZone);
  const chosenDay = choice.start ? days.find((candidate) => candidate.starts.includes(choice.start!)) : undefined;
  const chosen = chosenDay ? timesFor(chosenDay).find((slot) => slot.start === choice.start) : undefined;
  return { days, timesFor, day: pickDay(days, choice.day), chosenDay, chosen };
}

/**
 * The address follows the steps, so a reload or a shared link lands on the same one; once booked, on
 * the confirmation (the booking's own page). Then the heading a step asked for takes the focus.
 */
function useAddressFollowsSteps(
  at: { path: string; choice: BookingChoice; dayDate: string | null; done: Done | null; rescheduling: boolean },
  focusNextRef: RefObject<'times' | 'step' | null>,
  timesHeadingRef: RefObject<HTMLHeadingElement | null>,
  stepHeadingRef: RefObject<HTMLHeadingElement | null>,
) {
  const mounted = useRef(false);
  const { path, choice, dayDate, done, rescheduling } = at;
  useEffect(() => {
    // The first run is the hydration: the address is already the page's own.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    const here = done
      ? `${done.links.reschedule}?${rescheduling ? 'moved' : 'booked'}=1`
      : bookingHref(path, { ...choice, type: rescheduling ? null : choice.type, day: dayDate });
    window.history.replaceState(window.history.state, '', here);
    if (focusNextRef.current === 'times') timesHeadingRef.current?.focus();
    if (focusNextRef.current === 'step') stepHeadingRef.current?.focus();
    focusNextRef.current = null;
  }, [path, choice, dayDate, done, rescheduling, focusNextRef, timesHeadingRef, stepHeadingRef]);
}

function BookedView({ done, moved, headingRef }: { done: Done; moved: boolean; headingRef: React.Ref<HTMLHeadingElement> }) {
  return (
    <div className="mx-auto w-full max-w-2xl">
      {/* Moved, it is the page's only heading (the reschedule page drops its own): level 1. */}
      <BookingConfirmation booking={done.booking} links={done.links} moved={moved} headingRef={headingRef} level={moved ? 1 : 2} />
    </div>
  );
}
