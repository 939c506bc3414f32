import ICAL from 'ical.js';

/*
 * The calendar side of a booking (RFC 5545 and 5546): the invitation the visitor's e-mail carries
 * (METHOD:REQUEST), its cancellation (METHOD:CANCEL), and the owner's private subscription of every
 * booking. The UID is the booking's own and never changes; SEQUENCE grows with every change, which is
 * how a calendar app knows a rescheduled invitation replaces the one it holds.
 */

export interface InvitedBooking {
  icsUid: string;
  icsSequence: number;
  startAt: string;
  endAt: string;
  typeName: string;
  /** How the consultation happens, in words ("We call you at +1 404 555 0100"). */
  howItHappens: string;
  /** A place (the studio's address) or a meeting link; empty when there is none. */
  location: string;
  /** An https link where the visitor can change or cancel the booking. */
  manageUrl: string | null;
  visitor: { name: string; email: string };
  cancelled: boolean;
}

export interface Organizer {
  name: string;
  email: string;
}

const PRODUCT_ID = '-//Studio website//Consultations//EN';

function utc(iso: string) {
  return ICAL.Time.fromJSDate(new Date(iso), true);
}

function calendar(method: string | null) {
  const vcalendar = new ICAL.Component(['vcalendar', [], []]);
  vcalendar.addPropertyWithValue('prodid', PRODUCT_ID);
  vcalendar.addPropertyWithValue('version', '2.0');
  vcalendar.addPropertyWithValue('calscale', 'GREGORIAN');
  if (method) vcalendar.addPropertyWithValue('method', method);
  return vcalendar;
}

function person(name: string, email: string, kind: 'organizer' | 'attendee') {
  const property = new ICAL.Property(kind);
  property.setValue(`mailto:${email}`);
  property.setParameter('cn', name);
  if (kind === 'attendee') {
    property.setParameter('role', 'REQ-PARTICIPANT');
    property.setParameter('partstat', 'ACCEPTED');
  }
  return property;
}

function event(booking: InvitedBooking, organizer: Organizer, now: Date, forOwner: boolean) {
  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', booking.icsUid);
  vevent.addPropertyWithValue('sequence', booking.icsSequence);
  vevent.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(now, true));
  vevent.addPropertyWithValue('dtstart', utc(booking.startAt));
  vevent.addPropertyWithValue('dtend', utc(booking.endAt));
  vevent.addPropertyWithValue(
    'summary',
    forOwner ? `${booking.typeName}: ${booking.visitor.name}` : `${booking.typeName} with ${organizer.name}`,
  );
  const description = [booking.howItHappens, booking.manageUrl && !forOwner ? `Change or cancel: ${booking.manageUrl}` : null]
    .filter(Boolean)
    .join('\n\n');
  vevent.addPropertyWithValue('description', description);
  if (booking.location) vevent.addPropertyWithValue('location', booking.location);
  if (/^https:\/\//.test(booking.location)) vevent.addPropertyWithValue('url', booking.location);
  vevent.addPropertyWithValue('status', booking.cancelled ? 'CANCELLED' : 'CONFIRMED');
  vevent.addPropertyWithValue('transp', 'OPAQUE');
  vevent.addProperty(person(organizer.name, organizer.email, 'organizer'));
  vevent.addProperty(person(booking.visitor.name, booking.visitor.email, 'attendee'));
  return vevent;
}

/** The `.ics` attached to the visitor's confirmation, reschedule or cancellation e-mail. */
export function invitationFile(booking: InvitedBooking, organizer: Organizer, now = new Date()): string {
  const vcalendar = calendar(booking.cancelled ? 'CANCEL' : 'REQUEST');
  vcalendar.addSubcomponent(event(booking, organizer, now, false));
  return vcalendar.toString();
}

/** The owner's private subscription: every booking, cancelled ones marked so (a calendar app then drops them). */
export function subscriptionFeed(bookings: readonly InvitedBooking[], organizer: Organizer, now = new Date()): string {
  const vcalendar = calendar(null);
  vcalendar.addPropertyWithValue('x-wr-calname', `${organizer.name}: consultations`);
  for (const booking of bookings) vcalendar.addSubcomponent(event(booking, organizer, now, true));
  return vcalendar.toString();
}
