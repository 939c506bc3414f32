import type { AdminBooking, BookingSummary, StudioBooking } from '#common/booking/admin.ts';
import { adminNamesById } from '#server/auth/admin-users.ts';
import type { BookingCapability } from '#server/booking/booking-capability.ts';
import type { StudioChangeOutcome } from '#server/booking/studio-bookings.ts';
import { latestEnquiryIds } from '#server/contact/enquiry-links.ts';
import type { CoreServices } from '#server/core-services.ts';

/*
 * The owner's bookings as the Bookings area shows them: each with the latest enquiry (not spam)
 * sent from its address, so a consultation opens the message that came before it. Booking owns the
 * bookings and contact owns the enquiries (decision 097); this is where the two meet, with auth naming who has a booking. Every answer of
 * the owner's booking API goes through here, so a booking never reads without its link.
 */

export type EnquiryLinkParts = Pick<CoreServices, 'db'> & { booking: Pick<BookingCapability, 'studioBookings'> };

export type OwnerBookingChange = Exclude<StudioChangeOutcome, { kind: 'changed' }> | { kind: 'changed'; booking: AdminBooking };

async function linked(parts: Pick<CoreServices, 'db'>, bookings: StudioBooking[]): Promise<AdminBooking[]> {
  const latest = await latestEnquiryIds(
    parts.db,
    bookings.map((booking) => booking.email),
  );
  // Who has each booking, by their name now: auth owns the people (decision 121).
  const assigneeIds = bookings.flatMap((booking) => (booking.assigneeId === null ? [] : [booking.assigneeId]));
  const names = await adminNamesById(parts.db, [...new Set(assigneeIds)]);
  return bookings.map((booking) => ({
    ...booking,
    enquiryId: latest.get(booking.email.toLowerCase()) ?? null,
    assignee: booking.assigneeId === null ? null : { id: booking.assigneeId, name: names.get(booking.assigneeId) ?? '' },
  }));
}

const linkedOne = async (parts: Pick<CoreServices, 'db'>, booking: StudioBooking) => (await linked(parts, [booking]))[0];

/** The list the owner filtered (`status`, `from`, `to`), or why the filter was refused. */
export async function ownerBookingList(parts: EnquiryLinkParts, query: unknown) {
  const outcome = await parts.booking.studioBookings.list(query);
  return outcome.kind === 'list' ? { kind: 'list' as const, bookings: await linked(parts, outcome.bookings) } : outcome;
}

export async function ownerBooking(parts: EnquiryLinkParts, id: number): Promise<AdminBooking | null> {
  const booking = await parts.booking.studioBookings.one(id);
  return booking ? linkedOne(parts, booking) : null;
}

/** A change the owner made (notes, no-show, a cancellation), answered with the booking as it is now. */
export async function ownerBookingChange(
  parts: EnquiryLinkParts,
  change: (bookings: EnquiryLinkParts['booking']['studioBookings']) => Promise<StudioChangeOutcome>,
): Promise<OwnerBookingChange> {
  const outcome = await change(parts.booking.studioBookings);
  return outcome.kind === 'changed' ? { kind: 'changed', booking: await linkedOne(parts, outcome.booking) } : outcome;
}

/** The dashboard's card: today, this week, and the next consultation. */
export async function ownerBookingSummary(parts: EnquiryLinkParts): Promise<BookingSummary> {
  const summary = await parts.booking.studioBookings.summary();
  return { ...summary, next: summary.next ? await linkedOne(parts, summary.next) : null };
}
