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
  /** Where it happens (LOCATION): the phone number called, the meeting link, or the studio's address; empty when there is none. */
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
/** RFC 5545 3.1: a content line is at most 75 octets, the line break not counted, a continuation's leading space counted. */
const MAX_LINE_OCTETS = 75;
/**
 * The calendar pops up shortly before: the e-mails already remind a day and an hour ahead, and a
 * display alarm is the one kind every calendar app honours without asking.
 */
const ALARM_BEFORE = '-PT15M';

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

function organizerOf(organizer: Organizer) {
  const property = new ICAL.Property('organizer');
  property.setValue(`mailto:${organizer.email}`);
  property.setParameter('cn', organizer.name);
  return property;
}

/**
 * The visitor as attendee. In the owner's copy they booked it themselves (ACCEPTED, with their name);
 * in the invitation mailed to them, the request asks their calendar to answer (RFC 5546 3.2.2), and
 * their typed name is left out: the address has confirmed nothing, so nothing typed is echoed to it.
 */
function attendeeOf(booking: InvitedBooking, forOwner: boolean) {
  const property = new ICAL.Property('attendee');
  property.setValue(`mailto:${booking.visitor.email}`);
  if (forOwner) property.setParameter('cn', booking.visitor.name);
  property.setParameter('role', 'REQ-PARTICIPANT');
  property.setParameter('partstat', forOwner ? 'ACCEPTED' : 'NEEDS-ACTION');
  if (!forOwner && !booking.cancelled) property.setParameter('rsvp', 'TRUE');
  return property;
}

function alarm(summary: string) {
  const valarm = new ICAL.Component('valarm');
  valarm.addPropertyWithValue('action', 'DISPLAY');
  valarm.addPropertyWithValue('description', summary);
  valarm.addPropertyWithValue('trigger', ICAL.Duration.fromString(ALARM_BEFORE));
  return valarm;
}

function event(booking: InvitedBooking, organizer: Organizer, now: Date, forOwner: boolean) {
  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', booking.icsUid);
  vevent.addPropertyWithValue('sequence', booking.icsSequence);
  vevent.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(now, true));
  vevent.addPropertyWithValue('dtstart', utc(booking.startAt));
  vevent.addPropertyWithValue('dtend', utc(booking.endAt));
  const summary = forOwner ? `${booking.typeName}: ${booking.visitor.name}` : `${booking.typeName} with ${organizer.name}`;
  vevent.addPropertyWithValue('summary', summary);
  const description = [booking.howItHappens, booking.manageUrl && !forOwner ? `Change or cancel: ${booking.manageUrl}` : null]
    .filter(Boolean)
    .join('\n\n');
  vevent.addPropertyWithValue('description', description);
  if (booking.location) vevent.addPropertyWithValue('location', booking.location);
  if (/^https:\/\//.test(booking.location)) vevent.addPropertyWithValue('url', booking.location);
  vevent.addPropertyWithValue('status', booking.cancelled ? 'CANCELLED' : 'CONFIRMED');
  vevent.addPropertyWithValue('transp', 'OPAQUE');
  vevent.addProperty(organizerOf(organizer));
  vevent.addProperty(attendeeOf(booking, forOwner));
  if (!booking.cancelled) vevent.addSubcomponent(alarm(summary));
  return vevent;
}

/** The `.ics` attached to the visitor's confirmation, reschedule or cancellation e-mail. */
export function invitationFile(booking: InvitedBooking, organizer: Organizer, now = new Date()): string {
  const vcalendar = calendar(booking.cancelled ? 'CANCEL' : 'REQUEST');
  vcalendar.addSubcomponent(event(booking, organizer, now, false));
  return contentLines(vcalendar);
}

/** The owner's private subscription: every booking, cancelled ones marked so (a calendar app then drops them). */
export function subscriptionFeed(bookings: readonly InvitedBooking[], organizer: Organizer, now = new Date()): string {
  const vcalendar = calendar(null);
  vcalendar.addPropertyWithValue('x-wr-calname', `${organizer.name}: consultations`);
  for (const booking of bookings) vcalendar.addSubcomponent(event(booking, organizer, now, true));
  return contentLines(vcalendar);
}

/**
 * The calendar as RFC 5545 text: every line, the last too, ends in CRLF, and a line longer than 75
 * octets is folded by octets, never inside a character. ical.js folds at 75 octets before the
 * continuation's space (76 in all) and ends the last line without a break, so its lines are
 * unfolded (its values escape their own line breaks, so a CRLF and a space is always a fold) and
 * folded again here.
 */
function contentLines(vcalendar: ICAL.Component): string {
  const lines = vcalendar
    .toString()
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '');
  return lines.map(foldedLine).join('');
}

function foldedLine(line: string): string {
  let folded = '';
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > MAX_LINE_OCTETS) {
      folded += `${current}\r\n`;
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  return `${folded}${current}\r\n`;
}
