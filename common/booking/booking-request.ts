import { CONTACT_LIMITS, CONTACT_MESSAGES } from '#common/contact-fields.ts';
import { isTimeZone } from '#common/site-content/opening-hours.ts';
import { safeText } from '#common/text.ts';
import { z } from '#common/zod.ts';
import type { BookingStatusName } from './admin.ts';
import type { MeetingKind } from './settings.ts';

/*
 * What a visitor sends to book a consultation, and what the booking pages and the API answer. The
 * same rules judge the JSON API and the page form without JavaScript.
 */

export const BOOKING_NOTE_LIMIT = 2000;
/** The honeypot is the contact form's own (common/contact-fields.ts), as is the fill-time stamp the booking form loads. */
export { CONTACT_HONEYPOT_FIELD as BOOKING_HONEYPOT_FIELD } from '#common/contact-fields.ts';

/** Whether the date and clock time as written exist: Date.parse reads 2027-02-30 as March 2 and 24:00 as the next day. */
function isRealDateTime(value: string): boolean {
  const [year, month, day, hour, minute] = value.slice(0, 16).split(/[-T:]/).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && date.getUTCHours() === hour;
}

const instant = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .max(40)
    .refine(
      (value) =>
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
        !Number.isNaN(Date.parse(value)) &&
        isRealDateTime(value),
      {
        error: `${label} must be a date and time like 2027-03-15T14:00:00Z`,
      },
    )
    .transform((value) => Date.parse(value));

export const visitorZoneSchema = z
  .string({ error: 'Time zone is required' })
  .max(64, 'Time zone must be one like Asia/Tokyo')
  .refine(isTimeZone, 'Time zone must be one like Asia/Tokyo');

const optionalText = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  safeText(z.string({ error: `${label} must be text` }), label, options)
    .nullish()
    .transform((value) => (value && value.trim() !== '' ? value.trim() : null))
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`).nullable());

const PHONE_SHAPE = 'Phone must be a number like +1 404 555 0100';

/**
 * A number the studio can dial: digits with the usual separators, an optional leading +, and 6 to
 * 20 digits. Nothing else, since the number is echoed in the visitor's e-mail and invitation to an
 * address nobody has confirmed, and must not carry words there.
 */
function isPhoneNumber(phone: string): boolean {
  if (!/^\+?[0-9 ()./-]+$/.test(phone)) return false;
  const digits = phone.replace(/[^0-9]/g, '').length;
  return digits >= 6 && digits <= 20;
}

export const bookingRequestSchema = z.object({
  type: z.string({ error: 'Choose a consultation' }).min(1, 'Choose a consultation').max(40, 'Choose a consultation'),
  start: instant('Time'),
  name: safeText(z.string({ error: CONTACT_MESSAGES.nameRequired }), 'Name')
    .trim()
    .min(1, { error: CONTACT_MESSAGES.nameRequired, abort: true })
    .min(2, CONTACT_MESSAGES.nameTooShort)
    .max(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
  email: safeText(z.string({ error: CONTACT_MESSAGES.emailRequired }), 'Email')
    .trim()
    .min(1, { error: CONTACT_MESSAGES.emailRequired, abort: true })
    .max(CONTACT_LIMITS.email, { error: CONTACT_MESSAGES.emailTooLong, abort: true })
    .pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
  phone: optionalText('Phone', CONTACT_LIMITS.phone).refine((phone) => phone === null || isPhoneNumber(phone), PHONE_SHAPE),
  note: optionalText('Note', BOOKING_NOTE_LIMIT, { multiline: true }),
  tz: visitorZoneSchema,
});

export type BookingRequestData = z.output<typeof bookingRequestSchema>;

export const rescheduleRequestSchema = z.object({ start: instant('Time') });

/** The slot list's query: the type, and optionally the span and the visitor's zone (only echoed). */
export const slotQuerySchema = z.object({
  type: z.string({ error: 'type is required' }).min(1, 'type is required').max(40),
  from: instant('from').optional(),
  to: instant('to').optional(),
  tz: visitorZoneSchema.optional(),
});

/** A consultation type as visitors see it. */
export interface PublicConsultationType {
  key: string;
  name: string;
  description: string;
  meeting: MeetingKind;
  lengthMinutes: number;
  /** The studio calls the visitor: the form asks for a number. */
  needsPhone: boolean;
}

export interface BookingTypesAnswer {
  /** The studio's zone: times are shown beside the visitor's in it. */
  timeZone: string;
  types: PublicConsultationType[];
}

export interface SlotsAnswer {
  type: string;
  timeZone: string;
  /** The asked span, narrowed to the type's notice and horizon (ISO instants). */
  from: string;
  to: string;
  slots: Array<{ start: string; end: string }>;
}

/** A booking as the visitor who made it sees it (the confirmation, the cancel and reschedule pages). */
export interface VisitorBooking {
  typeKey: string;
  typeName: string;
  meeting: MeetingKind;
  /** Where it happens, worded for the visitor: "We call you on +1 404 555 0100", the meeting link, the address. */
  where: string;
  /** The video meeting's link, when there is one. */
  meetingLink: string | null;
  start: string;
  end: string;
  visitorZone: string;
  studioZone: string;
  status: BookingStatusName;
  name: string;
  email: string;
}

/** The visitor's two e-mailed links (paths), which the confirmation shows too. */
export interface BookingLinks {
  cancel: string;
  reschedule: string;
}

/** POST /api/bookings' 201: the booking with its links (spam gets links of the same shape that name nothing). */
export type BookedAnswer = VisitorBooking & { links: BookingLinks };

/** The words for a start a visitor may not book, by the slot rules' reason. */
export const SLOT_PROBLEM_MESSAGES = {
  past: 'That time has already passed. Pick another time.',
  'too-soon': 'That time is too soon to book. Pick a later time.',
  'too-far': 'That time is too far ahead to book yet. Pick an earlier time.',
  'not-a-slot': 'That is not one of the offered times. Pick a time from the list.',
  taken: 'Sorry, that time was just taken. Pick another time.',
} as const;
