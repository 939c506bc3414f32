import type { BookingStatusName } from '#common/booking/admin.ts';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from './timestamp.ts';

/** The list is common/booking/admin.ts's, which the admin's filters and changes use too. */
export type BookingStatus = BookingStatusName;

/** A consultation a visitor booked (decision 091). */
export interface BookingsTable {
  id: Generated<number>;
  /** The consultation type's key and name when it was booked: renaming a type keeps the booking's words. */
  typeKey: string;
  typeName: string;
  meeting: string;
  /** Where it happens, fixed when booked: the number the studio calls, the meeting link, or the studio's address. */
  place: string;
  startAt: string;
  endAt: string;
  /** The type's buffers when it was booked: a later change of the type does not move what this booking keeps clear. */
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** The studio's calendar date of the start (`YYYY-MM-DD`): the daily limit and the day's lock. */
  studioDate: string;
  status: Generated<BookingStatus>;
  name: string;
  email: string;
  phone: string | null;
  note: string | null;
  /** The zone the visitor booked in: their e-mails word times in it. */
  visitorZone: string;
  /** The invitation's UID, the same across reschedules; SEQUENCE grows with each change. */
  icsUid: string;
  icsSequence: Generated<number>;
  /** SHA-256 of the single-purpose links in the visitor's e-mail: the links themselves are never stored. */
  cancelTokenHash: string;
  rescheduleTokenHash: string;
  /**
   * Who holds it, for the limits per person (server/booking/booking-holders.ts): the address
   * lower-case, and a keyed hash of the client's network (null for bookings made before 0026).
   */
  emailKey: string | null;
  clientKey: string | null;
  ownerNotes: string | null;
  /** The team member it is assigned to (an admin id); null: nobody in particular. */
  assigneeId: Generated<number | null>;
  cancelledAt: string | null;
  /** `visitor` or `admin:{id}` */
  cancelledBy: string | null;
  cancelMessage: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type BookingEmailKind =
  | 'confirmation'
  | 'rescheduled'
  | 'cancelled'
  | 'reminder_day'
  | 'reminder_hour'
  | 'studio_booked'
  | 'studio_rescheduled'
  | 'studio_cancelled'
  /** To the team member a booking was given to (decision 121). */
  | 'studio_assigned';

/** An e-mail about a booking, sent at least once (server/email/retried-mail.ts). */
export interface BookingEmailsTable {
  id: Generated<number>;
  bookingId: number;
  kind: BookingEmailKind;
  /** The booking's invitation SEQUENCE when queued: an e-mail about a state since replaced is not sent. */
  sequence: number;
  attempts: Generated<number>;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  createdAt: Timestamp;
}

/** A studio date's lock row: a booking takes it before reading that day's bookings. */
export interface BookingDaysTable {
  studioDate: string;
  lockedAt: Timestamp;
}

/** A holder's lock row (an e-mail address's or a client network's, hashed): a booking takes it before counting what the holder holds. */
export interface BookingHoldersTable {
  holder: string;
  lockedAt: Timestamp;
}

/** The owner's booking settings, one row (id 1). */
export interface BookingSettingsTable {
  id: number;
  /** JSON of common/booking/settings.ts. */
  data: string;
  version: number;
  /** The calendar feed's address and the subscription token, sealed (server/crypto/secret-box.ts). */
  feedUrlSealed: string | null;
  calendarTokenSealed: string | null;
  /** 1 when the owner allowed the feed's address to be on a private network (refused otherwise). */
  feedPrivateAllowed: ColumnType<number, number | undefined, number>;
  updatedAt: Timestamp;
}

/** The owner's calendar feed as last fetched, one row (id 1). */
export interface BookingFeedTable {
  id: number;
  /** The last good copy: a failing fetch keeps it. */
  body: string | null;
  fetchedAt: string | null;
  attemptedAt: string | null;
  /** What the last attempt ran into, worded for the owner; null after a good fetch. */
  error: string | null;
  /** When the copy was expanded into booking_busy_times, over which window and in which studio zone. */
  expandedAt: string | null;
  expandedFrom: string | null;
  expandedUntil: string | null;
  expandedZone: string | null;
  busyCount: ColumnType<number, number | undefined, number>;
}

/** The last good copy's busy times over the booking horizon, replaced whole with each expansion. */
export interface BookingBusyTimesTable {
  id: Generated<number>;
  startAt: string;
  endAt: string;
}

/** Consultations visitors book, and what the studio keeps to offer them (server/booking). */
export interface BookingTables {
  bookings: BookingsTable;
  bookingDays: BookingDaysTable;
  bookingHolders: BookingHoldersTable;
  bookingSettings: BookingSettingsTable;
  bookingFeed: BookingFeedTable;
  bookingBusyTimes: BookingBusyTimesTable;
  bookingEmails: BookingEmailsTable;
}

export type Booking = Selectable<BookingsTable>;
