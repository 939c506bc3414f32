import { findStaffMember, listStaff } from '#server/auth/staff.ts';
import { ownerBookingChange, type EnquiryLinkParts, type OwnerBookingChange } from './enquiry-links.ts';

/*
 * A booking given to a team member (issue 43, decision 121): the person must be on the staff and
 * active (auth's); the booking, its e-mails and its invitation are booking's. Answered as the
 * Bookings area reads a booking, with its enquiry and who has it.
 */

export type AssignBookingOutcome = OwnerBookingChange | { kind: 'not-assignable' };

export async function assignBooking(parts: EnquiryLinkParts, bookingId: number, assigneeId: number | null): Promise<AssignBookingOutcome> {
  if (assigneeId !== null) {
    const member = await findStaffMember(parts.db, assigneeId);
    if (!member || member.status !== 'active') return { kind: 'not-assignable' };
  }
  return ownerBookingChange(parts, (bookings) => bookings.assign(bookingId, assigneeId));
}

/** Who a booking can be given to: everyone active on the staff, by name. */
export async function bookingAssignees(parts: Pick<EnquiryLinkParts, 'db'>): Promise<Array<{ id: number; name: string }>> {
  const staff = await listStaff(parts.db);
  return staff.filter((member) => member.status === 'active').map(({ id, name }) => ({ id, name }));
}
