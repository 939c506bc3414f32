import ICAL from 'ical.js';
import { DEFAULT_CONSULTATION, defaultBookingSettings, type BookingSettings, type ConsultationType } from '#common/booking/settings.ts';
import type { SlotsAnswer } from '#common/booking/booking-request.ts';
import { DEFAULT_STUDIO } from '#common/site-content/defaults.ts';
import { holderOf, type Holder } from '#server/booking/booking-holders.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import type { TestApp } from './app.ts';

/*
 * What the booking API tests share: the shipped consultation's key, the studio's wall clock (the
 * default opening hours are Monday to Friday, 9 to 7 in New York), free slots grouped by studio
 * date, and the links and invitation an e-mail carries. The tests run at the real time, so they
 * pick slots from the list rather than naming dates.
 */

export const TYPE = DEFAULT_CONSULTATION.key;
export const STUDIO_ZONE = DEFAULT_STUDIO.hours.timeZone;

export type Slot = SlotsAnswer['slots'][number];

/** The studio's weekday and clock time of an instant, e.g. `{ weekday: 'Mon', time: '09:30', date: '2026-11-30' }`. */
export function studioClock(iso: string): { weekday: string; time: string; date: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: STUDIO_ZONE,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return { weekday: parts.weekday!, time: `${parts.hour}:${parts.minute}`, date: `${parts.year}-${parts.month}-${parts.day}` };
}

/** The shipped settings (from the default opening hours) with the consultation changed as given. */
export function settingsWith(type: Partial<ConsultationType> = {}, more: Partial<BookingSettings> = {}): BookingSettings {
  const defaults = defaultBookingSettings(DEFAULT_STUDIO.hours);
  return { ...defaults, types: [{ ...DEFAULT_CONSULTATION, ...type }], ...more };
}

export async function slotList(t: TestApp, query: Record<string, string> = {}): Promise<Slot[]> {
  const response = await t.request.get('/api/booking/slots').query({ type: TYPE, ...query });
  if (response.status !== 200) throw new Error(`slots answered ${response.status}: ${JSON.stringify(response.body)}`);
  return (response.body as SlotsAnswer).slots;
}

/** Free slots grouped by the studio's date, in order: tests take each its own day, so they do not meet. */
export async function slotDays(t: TestApp): Promise<Slot[][]> {
  const days = new Map<string, Slot[]>();
  for (const slot of await slotList(t)) {
    const date = studioClock(slot.start).date;
    days.set(date, [...(days.get(date) ?? []), slot]);
  }
  return [...days.values()];
}

/** A well-formed request for `start`; each visitor its own e-mail address, so the per-address limit stays out of the way. */
let visitors = 0;
export function bookingBody(start: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  visitors += 1;
  return {
    type: TYPE,
    start,
    name: 'Aiko Tanaka',
    email: `aiko.${visitors}@example.jp`,
    phone: '+81 90 1234 5678',
    note: 'An EP of five songs',
    tz: 'Asia/Tokyo',
    ...fields,
  };
}

/** A client address of its own for each request, each in a /64 of its own (the test apps trust loopback as their proxy). */
let addresses = 0;
export const nextClientIp = () => `2001:db8:b00c:${(addresses += 1).toString(16)}::1`;

/**
 * The holder of a booking a test makes with bookSlot itself (not through the visitor's service):
 * the visitor's e-mail address, one test client, and limits that stay out of the way.
 */
export const directHolder = (email: string): Holder =>
  holderOf('test-holder-secret', email, '192.0.2.10', { perEmail: 1000, perClient: 1000 });

/**
 * The booking API tests' settings: a half-hour buffer after each consultation (the slot after a
 * booking falls inside it) and room for twenty a day. The free slots by studio date.
 */
export async function openBookingDays(t: TestApp): Promise<Slot[][]> {
  const saved = await t.services.booking.studioSettings.saveSettings({
    version: 0,
    settings: settingsWith({ bufferAfterMinutes: 30, maxPerDay: 20 }),
    feedUrl: '',
  });
  if (saved.kind !== 'saved') throw new Error(`booking settings not saved: ${saved.kind}`);
  return slotDays(t);
}

/** A booking through the API, from a client address of its own unless one is given. */
export const postBooking = (t: TestApp, body: unknown, ip = nextClientIp()) =>
  t.request
    .post('/api/bookings')
    .set('X-Forwarded-For', ip)
    .send(body as object);

/** The visitor's cancel and reschedule tokens, from the links in an e-mail. */
export function linksIn(mail: MailMessage): { cancel: string; reschedule: string } {
  const cancel = /\/book\/cancel\/([\w-]+)/.exec(mail.text)?.[1];
  const reschedule = /\/book\/reschedule\/([\w-]+)/.exec(mail.text)?.[1];
  if (!cancel || !reschedule) throw new Error(`no booking links in "${mail.subject}"`);
  return { cancel, reschedule };
}

/** The VEVENTs of an iCalendar text, read by a real parser. */
export function eventsIn(ics: string): ICAL.Event[] {
  return new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}
