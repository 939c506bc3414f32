import type { Kysely } from 'kysely';
import type { BookingSettings, ConsultationType } from '#common/booking/settings.ts';
import type { Booking, Database } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';
import { readBookingSettings, type StoredBookingSettings } from './booking-settings.ts';
import type { ExpansionLimits } from './feed-expansion.ts';
import type { SlotCache } from './slot-cache.ts';
import type { SlotInputs, SlotInputsRead } from './slot-inputs.ts';
import type { Availability, Span, TakenSpan } from './slot-rules.ts';
import type { StudioFacts } from './studio-facts.ts';

/** What both sides of booking (the visitor's and the owner's) are built on. */
export interface BookingContext {
  db: Kysely<Database>;
  logger: Logger;
  /** SESSION_SECRET: seals the feed's address and derives the visitor's links. */
  secret: string;
  publicUrl: string;
  /** Bookings one client address may send in 10 minutes: the contact form's limit (CONTACT_RATE_LIMIT). */
  perAddressLimit: number;
  studio: () => Promise<StudioFacts>;
  /** The owner's busy times that meet [from, to), from the last good copy of the calendar feed (calendar-feed.ts). */
  busy: (from: number, to: number) => Promise<Span[]>;
  /** The budgets of one expansion of the owner's feed (feed-expansion.ts). */
  feedLimits: ExpansionLimits;
  /** The free slots per type and horizon, shared by every visitor of this instance (slot-cache.ts). */
  slotCache: SlotCache;
  /** What the visitors' slot lists are read from, kept until a change (slot-inputs.ts). */
  slotInputs: SlotInputs;
  /**
   * Tells every instance (this one too) that data changed, so each drops what it keeps: a visitor's
   * booking, move or cancellation and the background's feed work call it (an owner's write through
   * the site is announced by its request, server/http/public-cache/clear-on-write.ts). Never rejects.
   */
  announceChange: () => Promise<void>;
  /** Called after a change queued e-mails: the sender sends them in seconds, not at its next minute. */
  emailsQueued: () => void;
  now: () => number;
}

const DAY = 24 * 60 * 60_000;

export async function currentSettings(context: BookingContext): Promise<{ stored: StoredBookingSettings; studio: StudioFacts }> {
  const studio = await context.studio();
  return { stored: await readBookingSettings(context.db, studio.hours, context.secret), studio };
}

/** The slot lists' inputs as they stand now, from the database (`SlotInputs` keeps them). */
export async function readSlotInputs(context: BookingContext): Promise<SlotInputsRead> {
  const [{ stored, studio }, stamp] = await Promise.all([currentSettings(context), slotsStamp(context.db)]);
  return { stored, studio, stamp };
}

export function availabilityOf(settings: BookingSettings, studio: StudioFacts): Availability {
  return { timeZone: studio.hours.timeZone, weekly: settings.weekly, datesOff: settings.datesOff };
}

/** A type visitors may book now: known and switched on. */
export function bookableType(settings: BookingSettings, key: string): ConsultationType | null {
  return settings.types.find((type) => type.key === key && type.enabled) ?? null;
}

/** Confirmed bookings that can meet a slot between `from` and `to` (two days' margin holds whole studio dates). */
export async function takenBetween(db: Kysely<Database>, from: number, to: number, exceptId?: number): Promise<TakenSpan[]> {
  let query = db
    .selectFrom('bookings')
    .select(['startAt', 'endAt', 'bufferBeforeMinutes', 'bufferAfterMinutes'])
    .where('status', '=', 'confirmed')
    .where('startAt', '<', new Date(to + 2 * DAY).toISOString())
    .where('endAt', '>', new Date(from - 2 * DAY).toISOString());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const rows = await query.execute();
  return rows.map((row) => ({
    start: Date.parse(row.startAt),
    end: Date.parse(row.endAt),
    bufferBeforeMinutes: row.bufferBeforeMinutes,
    bufferAfterMinutes: row.bufferAfterMinutes,
  }));
}

/**
 * What the free slots depend on besides the settings, in one query, changing with every booking
 * taken, moved or cancelled and every new expansion of the busy times, on any instance: the
 * confirmed count falls with a cancellation, the highest id grows with a booking, the sequences'
 * sum with a move, the feed's expansion time with a new copy (no clock is compared: two changes in
 * one millisecond, or a test's fixed clock, still differ).
 */
export async function slotsStamp(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('bookings')
        .select((inner) => inner.fn.count<number>(inner.case().when('status', '=', 'confirmed').then(1).end()).as('n'))
        .as('confirmed'),
      eb
        .selectFrom('bookings')
        .select((inner) => inner.fn.max('id').as('n'))
        .as('lastId'),
      eb
        .selectFrom('bookings')
        .select((inner) => inner.fn.sum<number>('icsSequence').as('n'))
        .as('moves'),
      eb.selectFrom('bookingFeed').select('expandedAt').where('id', '=', 1).as('busyAt'),
      eb.selectFrom('bookingFeed').select('busyCount').where('id', '=', 1).as('busyCount'),
    ])
    .executeTakeFirstOrThrow();
  return [row.confirmed, row.lastId, row.moves, row.busyAt, row.busyCount].map((value) => value ?? '-').join('|');
}

/** Where a booking of `type` happens, fixed when it is booked. */
export function placeOf(type: ConsultationType, studio: StudioFacts, phone: string | null): string {
  if (type.meeting === 'phone') return phone ?? '';
  if (type.meeting === 'video') return type.meetingLink;
  return studio.address;
}

export const isoOf = (instant: number) => new Date(instant).toISOString();

export type { Booking };
