import type { Kysely, Transaction } from 'kysely';
import { formatStudioTime } from '#common/studio-time.ts';
import type { MailingServices } from '#server/core-services.ts';
import type { Booking, BookingEmailKind, Database } from '#server/db/schema.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { claimForSending, deliverDue, markFailed, markSent, type DeliveryResult } from '#server/email/retried-mail.ts';
import { bookingLinkPath, bookingLinkToken } from './booking-links.ts';
import { invitationFile, type InvitedBooking } from './invitation.ts';

/*
 * Every e-mail about a booking is a row first, committed with the change it tells of, then sent at
 * least once (server/email/retried-mail.ts): a claim keeps two instances from sending one row, and a
 * row per booking, kind and invitation sequence keeps one event from being queued twice. Reminders
 * wait in the table until they fall due; a reschedule or a cancellation removes the ones not sent,
 * and a reminder whose booking changed since it was queued is dropped when it comes up.
 */

export type BookingEvent = 'booked' | 'moved' | 'assigned' | 'cancelled-by-visitor' | 'cancelled-by-studio';

const HOUR = 60 * 60_000;
const REMINDERS: Array<{ kind: BookingEmailKind; before: number }> = [
  { kind: 'reminder_day', before: 24 * HOUR },
  { kind: 'reminder_hour', before: HOUR },
];
/** A reminder is queued only if it would reach the visitor this long after the booking e-mail itself. */
const REMINDER_GAP_MS = 30 * 60_000;

const EVENT_EMAILS: Record<BookingEvent, BookingEmailKind[]> = {
  booked: ['confirmation', 'studio_booked'],
  moved: ['rescheduled', 'studio_rescheduled'],
  // Given to someone: the visitor's confirmation again, naming them, and the person told.
  assigned: ['confirmation', 'studio_assigned'],
  'cancelled-by-visitor': ['cancelled', 'studio_cancelled'],
  'cancelled-by-studio': ['cancelled'],
};

/** Queues the e-mails of a change, in the change's own transaction. `booking` is the row as the change left it. */
export async function queueBookingEmails(
  trx: Transaction<Database> | Kysely<Database>,
  booking: Booking,
  event: BookingEvent,
  now: number,
): Promise<void> {
  await trx
    .deleteFrom('bookingEmails')
    .where('bookingId', '=', booking.id)
    .where('kind', 'in', ['reminder_day', 'reminder_hour'])
    .where('sentAt', 'is', null)
    .execute();
  const rows = EVENT_EMAILS[event].map((kind) => ({ kind, at: now }));
  if (event !== 'cancelled-by-visitor' && event !== 'cancelled-by-studio') {
    const start = Date.parse(booking.startAt);
    for (const { kind, before } of REMINDERS) if (start - before > now + REMINDER_GAP_MS) rows.push({ kind, at: start - before });
  }
  if (rows.length === 0) return;
  await trx
    .insertInto('bookingEmails')
    .values(
      rows.map((row) => ({
        bookingId: booking.id,
        kind: row.kind,
        sequence: booking.icsSequence,
        nextAttemptAt: new Date(row.at).toISOString(),
        createdAt: new Date(now).toISOString(),
      })),
    )
    .onConflict((conflict) => conflict.columns(['bookingId', 'kind', 'sequence']).doNothing())
    .execute();
}

/** The team as booking e-mails need it (auth answers): a person's name now, and where their booking notices go. */
export interface BookingTeam {
  name: (adminUserId: number) => Promise<string | null>;
  address: (adminUserId: number, kind: 'bookings') => Promise<string | null>;
}

export interface BookingEmailDeps extends MailingServices {
  publicUrl: string;
  team?: BookingTeam;
}

interface Wording {
  booking: Booking;
  studio: { name: string; email: string; timeZone: string };
  links: { cancel: string; reschedule: string };
  invited: InvitedBooking;
  /** The admin's Bookings area, for the studio's notices. */
  bookingsUrl: string;
  /** The team member it is assigned to, by name, or null. */
  assignee: string | null;
}

const withWhom = (w: Wording) => (w.assignee ? ` with ${w.assignee} of ${w.studio.name}` : '');
const visitorTime = (w: Wording) => formatStudioTime(w.booking.startAt, w.booking.visitorZone);
const studioTime = (w: Wording) => formatStudioTime(w.booking.startAt, w.studio.timeZone);

export function howItHappens(booking: Pick<Booking, 'meeting' | 'place' | 'name'>, side: 'visitor' | 'studio'): string {
  if (booking.meeting === 'phone')
    return side === 'visitor' ? `We will call you at ${booking.place}.` : `Call ${booking.name} at ${booking.place}.`;
  if (booking.meeting === 'video') return `Video call: ${booking.place}`;
  return `At the studio: ${booking.place}`;
}

function whenLines(w: Wording): string[] {
  const local = visitorTime(w);
  const studio = studioTime(w);
  return local === studio ? [`When: ${local}`] : [`When: ${local} (your time)`, `       ${studio} (the studio's time)`];
}

/**
 * An e-mail to the visitor's address. It greets no one by name and never repeats the note: the
 * address has confirmed nothing, and whoever typed it could otherwise send their own words to any
 * inbox under the studio's name. Everything in it is the studio's, the time, and a number to dial.
 */
function visitorMessage(w: Wording, subject: string, opening: string[], withLinks: boolean): MailMessage {
  const lines = [
    'Hello,',
    '',
    ...opening,
    '',
    `${w.booking.typeName}`,
    ...whenLines(w),
    ...(w.assignee ? [`With: ${w.assignee}`] : []),
    howItHappens(w.booking, 'visitor'),
    ...(withLinks ? ['', `Need another time? ${w.links.reschedule}`, `Can't make it? ${w.links.cancel}`] : []),
    '',
    w.studio.name,
  ];
  return { to: w.booking.email, subject, text: lines.join('\n') };
}

function studioMessage(w: Wording, subject: string, opening: string): MailMessage {
  const { booking } = w;
  const lines = [
    opening,
    '',
    `${booking.typeName}: ${studioTime(w)}`,
    `${booking.name} <${booking.email}>${booking.phone ? `, ${booking.phone}` : ''}`,
    ...(w.assignee ? [`Assigned to: ${w.assignee}`] : []),
    howItHappens(booking, 'studio'),
    ...(booking.note ? ['', 'About the project:', booking.note] : []),
    '',
    `Your bookings: ${w.bookingsUrl}`,
  ];
  // Replies reach the visitor, as the contact form's notices do.
  return { to: w.studio.email, subject, text: lines.join('\n'), replyTo: booking.email };
}

const withInvitation = (message: MailMessage, w: Wording, cancelled: boolean): MailMessage => ({
  ...message,
  icalEvent: {
    method: cancelled ? 'CANCEL' : 'REQUEST',
    filename: cancelled ? 'cancelled.ics' : 'invitation.ics',
    content: invitationFile({ ...w.invited, cancelled }, { name: w.studio.name, email: w.studio.email }),
  },
});

const COMPOSE: Record<BookingEmailKind, (w: Wording) => MailMessage> = {
  confirmation: (w) =>
    withInvitation(
      visitorMessage(
        w,
        `Booked: ${w.booking.typeName} with ${w.assignee ?? w.studio.name}, ${visitorTime(w)}`,
        [`Your consultation is booked${withWhom(w)}. The invitation is attached for your calendar.`],
        true,
      ),
      w,
      false,
    ),
  rescheduled: (w) =>
    withInvitation(
      visitorMessage(
        w,
        `Moved: ${w.booking.typeName} with ${w.studio.name}, now ${visitorTime(w)}`,
        ['Your consultation has a new time. The attached invitation updates your calendar.'],
        true,
      ),
      w,
      false,
    ),
  cancelled: (w) =>
    withInvitation(
      visitorMessage(
        w,
        `Cancelled: ${w.booking.typeName} with ${w.studio.name}, ${visitorTime(w)}`,
        w.booking.cancelledBy === 'visitor'
          ? ['Your consultation is cancelled, as you asked. You are welcome to book another time on our site.']
          : ['We are sorry: we had to cancel your consultation.', ...(w.booking.cancelMessage ? ['', w.booking.cancelMessage] : [])],
        false,
      ),
      w,
      true,
    ),
  reminder_day: (w) =>
    visitorMessage(
      w,
      `Tomorrow: ${w.booking.typeName} with ${w.studio.name}, ${visitorTime(w)}`,
      ['A reminder of your consultation tomorrow.'],
      true,
    ),
  reminder_hour: (w) =>
    visitorMessage(w, `In an hour: ${w.booking.typeName} with ${w.studio.name}`, ['Your consultation starts in about an hour.'], true),
  studio_booked: (w) =>
    studioMessage(w, `New booking: ${w.booking.name}, ${studioTime(w)}`, `${w.booking.name} booked a ${w.booking.typeName.toLowerCase()}.`),
  studio_rescheduled: (w) =>
    studioMessage(w, `Moved: ${w.booking.name}, now ${studioTime(w)}`, `${w.booking.name} moved their consultation.`),
  studio_assigned: (w) =>
    studioMessage(w, `Assigned to you: ${w.booking.name}, ${studioTime(w)}`, `A ${w.booking.typeName.toLowerCase()} is yours to take.`),
  studio_cancelled: (w) =>
    studioMessage(w, `Cancelled: ${w.booking.name}, ${studioTime(w)}`, `${w.booking.name} cancelled their consultation.`),
};

/** Whether an e-mail still says something true when it comes up: a later change replaced what it tells of. */
function stillTrue(kind: BookingEmailKind, sequence: number, booking: Booking, now: number): boolean {
  switch (kind) {
    case 'reminder_day':
    case 'reminder_hour':
      return booking.status === 'confirmed' && booking.icsSequence === sequence && Date.parse(booking.startAt) > now;
    case 'confirmation':
    case 'rescheduled':
      // The visitor's e-mail of the newer change carries the booking as it is.
      return booking.icsSequence === sequence;
    default:
      return true;
  }
}

async function assigneeAddress(deps: BookingEmailDeps, booking: Booking, inbox: string): Promise<string | null> {
  const address = booking.assigneeId === null ? null : await deps.team?.address(booking.assigneeId, 'bookings');
  return address && address.trim().toLowerCase() !== inbox.trim().toLowerCase() ? address : null;
}

export async function deliverBookingEmail(deps: BookingEmailDeps, emailId: number, now = new Date()): Promise<DeliveryResult> {
  const { db, logger, mailer } = deps;
  if (!(await claimForSending(db, 'bookingEmails', emailId, now))) return 'skipped';
  const row = await db
    .selectFrom('bookingEmails')
    .select(['kind', 'sequence', 'attempts', 'bookingId'])
    .where('id', '=', emailId)
    .executeTakeFirst();
  const booking = row && (await db.selectFrom('bookings').selectAll().where('id', '=', row.bookingId).executeTakeFirst());
  if (!row || !booking) return 'skipped';
  if (!stillTrue(row.kind, row.sequence, booking, now.getTime())) {
    await markSent(db, 'bookingEmails', emailId, now);
    logger.info({ emailId, kind: row.kind, bookingId: booking.id }, 'booking e-mail replaced by a later change; not sent');
    return 'skipped';
  }
  try {
    const studio = await deps.studioIdentity();
    const secret = deps.config.SESSION_SECRET;
    const link = (purpose: 'cancel' | 'reschedule') =>
      `${deps.publicUrl}${bookingLinkPath(bookingLinkToken(secret, booking.icsUid, purpose), purpose)}`;
    const links = { cancel: link('cancel'), reschedule: link('reschedule') };
    const invited: InvitedBooking = {
      icsUid: booking.icsUid,
      icsSequence: booking.icsSequence,
      startAt: booking.startAt,
      endAt: booking.endAt,
      typeName: booking.typeName,
      howItHappens: howItHappens(booking, 'visitor'),
      location: booking.place,
      manageUrl: links.reschedule,
      visitor: { name: booking.name, email: booking.email },
      cancelled: booking.status === 'cancelled',
    };
    const assignee = booking.assigneeId === null ? null : ((await deps.team?.name(booking.assigneeId)) ?? null);
    const message = COMPOSE[row.kind]({ booking, studio, links, invited, bookingsUrl: `${deps.publicUrl}/manage/bookings`, assignee });
    // The person's own notice goes to them, as they chose, and never twice to the studio's address.
    const to = row.kind === 'studio_assigned' ? await assigneeAddress(deps, booking, studio.email) : message.to;
    if (to) await mailer.send({ ...message, to });
  } catch (error) {
    const retryAt = await markFailed(db, 'bookingEmails', emailId, error, row.attempts, now);
    logger.warn({ err: error, emailId, kind: row.kind, bookingId: booking.id, retryAt }, 'booking e-mail not sent; will retry');
    return 'failed';
  }
  await markSent(db, 'bookingEmails', emailId, now);
  return 'sent';
}

/** Sends every booking e-mail that is due (reminders fall due on their own). */
export function sendDueBookingEmails(deps: BookingEmailDeps, now = new Date()): Promise<Record<DeliveryResult, number>> {
  return deliverDue(deps.db, 'bookingEmails', (id) => deliverBookingEmail(deps, id, now), now);
}
