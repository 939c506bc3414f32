import type { BookingRequestData, VisitorBooking } from '#common/booking/booking-request.ts';
import type { ConsultationType, MeetingKind } from '#common/booking/settings.ts';
import type { Booking } from './booking-context.ts';
import type { StudioFacts } from './studio-facts.ts';
import { howItHappens } from './booking-emails.ts';

const MINUTE = 60_000;

/** A booking as the visitor who made it sees it: the confirmation, the cancel and reschedule pages. */
export function visitorView(booking: Booking, studio: StudioFacts): VisitorBooking {
  return {
    typeKey: booking.typeKey,
    typeName: booking.typeName,
    meeting: booking.meeting as MeetingKind,
    where: howItHappens(booking, 'visitor'),
    meetingLink: booking.meeting === 'video' ? booking.place : null,
    start: booking.startAt,
    end: booking.endAt,
    visitorZone: booking.visitorZone,
    studioZone: studio.hours.timeZone,
    status: booking.status,
    name: booking.name,
    email: booking.email,
  };
}

/**
 * What a request caught as spam is answered with: the view the same request would have had, booked
 * (where it happens worded the same way), of nothing stored.
 */
export function unbookedView(request: BookingRequestData, type: ConsultationType, studio: StudioFacts, place: string): VisitorBooking {
  return {
    typeKey: type.key,
    typeName: type.name,
    meeting: type.meeting,
    where: howItHappens({ meeting: type.meeting, place, name: request.name }, 'visitor'),
    meetingLink: type.meeting === 'video' ? place : null,
    start: new Date(request.start).toISOString(),
    end: new Date(request.start + type.lengthMinutes * MINUTE).toISOString(),
    visitorZone: request.tz,
    studioZone: studio.hours.timeZone,
    status: 'confirmed',
    name: request.name,
    email: request.email,
  };
}
