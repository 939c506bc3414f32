import { recordIdSchema } from '#common/record-id.ts';
import { safeText } from '#common/text.ts';
import { z } from '#common/zod.ts';
import { bookingSettingsSchema, type BookingSettings, type MeetingKind } from './settings.ts';

/*
 * What the admin's Bookings area sends and reads: the settings with their version and the feed's
 * address, the booking list, and the owner's changes to one booking.
 */

export const BOOKING_STATUSES = ['confirmed', 'cancelled', 'no_show'] as const;
export type BookingStatusName = (typeof BOOKING_STATUSES)[number];

export const saveBookingSettingsSchema = z.strictObject({
  /** The version the editor read: a save over a newer one is refused (409). */
  version: z.number({ error: 'version is required' }).int().min(0),
  settings: bookingSettingsSchema,
  /** The owner's calendar feed (ICS) address; empty for none. */
  feedUrl: safeText(z.string({ error: 'Calendar feed must be text' }), 'Calendar feed')
    .trim()
    .max(2048, 'Calendar feed address must be at most 2048 characters'),
  /** The owner allows the feed's address to be on a private network (their own calendar server); refused otherwise. */
  feedPrivateAllowed: z.boolean({ error: 'feedPrivateAllowed must be true or false' }).optional(),
});

export interface FeedStatus {
  /** The address as the owner pasted it; null when none is set. */
  url: string | null;
  /** An address was saved, but it can no longer be read (the server's secret changed): paste it again. */
  lost: boolean;
  fetchedAt: string | null;
  attemptedAt: string | null;
  /** What the last attempt ran into, worded for the owner; the busy times of the last good copy still count. */
  error: string | null;
  /** How many busy times the last good copy gives over the booking horizon. */
  busyCount: number;
  /** The owner allowed the address to be on a private network. */
  privateAllowed: boolean;
}

export interface AdminBookingSettings {
  settings: BookingSettings;
  version: number;
  /** The studio's zone (the opening hours'): the weekly hours are read in it. */
  timeZone: string;
  /** Whether the Studio section has a street address ("at the studio" needs one). */
  hasStudioAddress: boolean;
  feed: FeedStatus;
  /** The private subscription address of every booking, for the owner's calendar app. */
  subscriptionUrl: string;
}

export const bookingListQuerySchema = z.object({
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO date and time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO date and time' }).optional(),
  status: z
    .enum([...BOOKING_STATUSES, 'upcoming', 'past'], { error: 'status must be upcoming, past, confirmed, cancelled or no_show' })
    .optional(),
});

/** A booking as the booking capability answers it to the owner. */
export interface StudioBooking {
  id: number;
  typeKey: string;
  typeName: string;
  meeting: MeetingKind;
  /** The number the studio calls, the meeting link, or the studio's address. */
  place: string;
  start: string;
  end: string;
  status: BookingStatusName;
  name: string;
  email: string;
  phone: string | null;
  note: string | null;
  visitorZone: string;
  ownerNotes: string | null;
  cancelledAt: string | null;
  cancelledBy: 'visitor' | 'studio' | null;
  cancelMessage: string | null;
  createdAt: string;
  /** The team member it is assigned to (an admin id), or null. */
  assigneeId: number | null;
}

/** A booking in the owner's API: with its enquiry, which the contact capability owns (server/flows/enquiry-links.ts). */
export interface AdminBooking extends StudioBooking {
  /** The latest contact enquiry from the same address, if any (the inbox opens it). */
  enquiryId: number | null;
  /** Who of the team it is assigned to, by their name now (auth owns the people). */
  assignee: { id: number; name: string } | null;
}

/** `PUT /api/admin/bookings/:id/assignee`: a team member's id, or null for nobody in particular. */
export const bookingAssigneeSchema = z.strictObject({
  assigneeId: recordIdSchema('assigneeId is a staff member’s id, or null').nullable(),
});

export const BOOKING_ASSIGN_MESSAGES = {
  notAssignable: 'Only someone active on the staff can take a booking.',
} as const;

export interface BookingSummary<Booking extends StudioBooking = AdminBooking> {
  /** Confirmed consultations on the studio's today, and in its week (Monday to Sunday). */
  today: number;
  thisWeek: number;
  next: Booking | null;
}

export const cancelByStudioSchema = z.strictObject({
  message: safeText(z.string({ error: 'Message must be text' }), 'Message', { multiline: true })
    .trim()
    .max(1000, 'Message must be at most 1000 characters')
    .default(''),
});

export const updateBookingSchema = z
  .strictObject({
    /** `no_show` marks it (only once it started); `confirmed` takes a no-show mark back. */
    status: z.enum(['no_show', 'confirmed'], { error: 'status must be no_show or confirmed' }).optional(),
    ownerNotes: safeText(z.string({ error: 'Notes must be text' }), 'Notes', { multiline: true })
      .max(5000, 'Notes must be at most 5000 characters')
      .nullable()
      .optional(),
  })
  .refine((patch) => patch.status !== undefined || patch.ownerNotes !== undefined, { error: 'Nothing to change', path: ['body'] });
