import { Temporal } from 'temporal-polyfill';
import {
  bookingListQuerySchema,
  cancelByStudioSchema,
  saveBookingSettingsSchema,
  updateBookingSchema,
  type AdminBooking,
  type AdminBookingSettings,
  type BookingSummary,
} from '#common/booking/admin.ts';
import type { MeetingKind } from '#common/booking/settings.ts';
import { validate, type FieldErrors } from '#common/validation.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import { isTokenShape } from '#server/crypto/secret-tokens.ts';
import { currentSettings, isoOf, type Booking, type BookingContext } from './booking-context.ts';
import { howItHappens } from './booking-emails.ts';
import { cancelBooking } from './book-slot.ts';
import { calendarToken, regenerateCalendarToken, saveBookingSettings, setFeedUrl } from './booking-settings.ts';
import {
  feedAddress,
  feedState,
  feedWindowOf,
  forgetFeed,
  readFeed,
  reexpandKeptCopy,
  refreshFeed,
  storeFeedCopy,
  upcomingBusyCount,
  type FeedRead,
  type ReexpandOutcome,
} from './calendar-feed.ts';
import { subscriptionFeed } from './invitation.ts';
import { studioDate } from './slot-rules.ts';

/*
 * The owner's side of booking: the settings (types, week, dates off, the calendar feed), the list of
 * bookings, cancelling one with a message, marking a no-show, notes, the private subscription of
 * every booking, and the dashboard's counts.
 */

const DAY = 24 * 60 * 60_000;

/** The subscription holds bookings from this long ago on: a calendar app keeps what it already has. */
const SUBSCRIPTION_PAST_DAYS = 180;
const LIST_LIMIT = 500;

export type SaveSettingsOutcome =
  | { kind: 'invalid'; message: string; errors: FieldErrors }
  | { kind: 'stale'; version: number }
  | { kind: 'saved'; settings: AdminBookingSettings };

export type StudioChangeOutcome =
  | { kind: 'invalid'; message: string; errors: FieldErrors }
  | { kind: 'not-found' }
  | { kind: 'conflict'; message: string }
  | { kind: 'changed'; booking: AdminBooking };

function adminView(booking: Booking, enquiryId: number | null): AdminBooking {
  return {
    id: booking.id,
    typeKey: booking.typeKey,
    typeName: booking.typeName,
    meeting: booking.meeting as MeetingKind,
    place: booking.place,
    start: booking.startAt,
    end: booking.endAt,
    status: booking.status,
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    note: booking.note,
    visitorZone: booking.visitorZone,
    ownerNotes: booking.ownerNotes,
    cancelledAt: booking.cancelledAt,
    cancelledBy: booking.cancelledBy === null ? null : booking.cancelledBy === 'visitor' ? 'visitor' : 'studio',
    cancelMessage: booking.cancelMessage,
    createdAt: String(booking.createdAt),
    enquiryId,
  };
}

export class StudioBookings {
  constructor(private readonly context: BookingContext) {}

  private subscriptionUrl(token: string): string {
    return `${this.context.publicUrl}/calendar/${token}.ics`;
  }

  async settings(): Promise<AdminBookingSettings> {
    const { db, secret } = this.context;
    const { stored, studio } = await currentSettings(this.context);
    const state = await feedState(db);
    const now = this.context.now();
    return {
      settings: stored.settings,
      version: stored.version,
      timeZone: studio.hours.timeZone,
      hasStudioAddress: studio.address !== '',
      feed: {
        url: stored.feedUrl,
        lost: stored.feedUrlLost,
        ...state,
        busyCount: stored.feedUrl ? await upcomingBusyCount(db, now) : 0,
        privateAllowed: stored.feedPrivateAllowed,
      },
      subscriptionUrl: this.subscriptionUrl(await calendarToken(db, studio.hours, secret)),
    };
  }

  async saveSettings(body: unknown): Promise<SaveSettingsOutcome> {
    const { db, secret, logger } = this.context;
    const parsed = validate(saveBookingSettingsSchema, body, 'Please check the highlighted fields');
    if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
    const { settings, version, feedUrl } = parsed.data;
    const { stored, studio } = await currentSettings(this.context);
    const feed = feedUrl === '' ? null : feedAddress(feedUrl);
    if (feedUrl !== '' && !feed) {
      const message = 'Calendar feed must be an https://, http:// or webcal:// address without a password in it';
      return { kind: 'invalid', message, errors: { feedUrl: [message] } };
    }
    if (studio.address === '' && settings.types.some((type) => type.meeting === 'studio' && type.enabled)) {
      const message = 'A consultation at the studio needs the street address: add it under Site, Studio first';
      return { kind: 'invalid', message, errors: { settings: [message] } };
    }
    const privateAllowed = parsed.data.feedPrivateAllowed ?? stored.feedPrivateAllowed;
    const feedChanged =
      (feedUrl === '' ? null : feedUrl) !== stored.feedUrl ||
      stored.feedUrlLost ||
      (feed !== null && privateAllowed !== stored.feedPrivateAllowed);
    const now = new Date(this.context.now());
    const window = feedWindowOf(settings.types, studio.hours.timeZone, now.getTime());
    // A new address is read before anything is saved: one that cannot be read changes nothing.
    let read: FeedRead | null = null;
    if (feedChanged && feed) {
      read = await readFeed(feed, { allowPrivate: privateAllowed, window, limits: this.context.feedLimits });
      if (read.kind === 'failed') return { kind: 'invalid', message: read.error, errors: { feedUrl: [read.error] } };
    }
    const saved = await saveBookingSettings(db, settings, version);
    if (saved.kind === 'stale') return saved;
    if (feedChanged) {
      await setFeedUrl(db, studio.hours, secret, feed ? feedUrl : null, privateAllowed);
      if (read?.kind === 'read') await storeFeedCopy(db, read.body, read.spans, window, now);
      else await forgetFeed(db);
    } else {
      // A longer horizon needs the kept copy's busy times that far.
      await reexpandKeptCopy(db, window, now, this.context.feedLimits);
    }
    logger.info({ version: saved.version, feedChanged }, 'booking settings saved');
    return { kind: 'saved', settings: await this.settings() };
  }

  /** Fetches the owner's feed now (the "Refresh" button and the schedule). Null when no feed is set. */
  async refreshFeed(): Promise<AdminBookingSettings['feed'] | null> {
    const { stored, studio } = await currentSettings(this.context);
    const url = stored.feedUrl ? feedAddress(stored.feedUrl) : null;
    if (!url) return null;
    const now = new Date(this.context.now());
    const window = feedWindowOf(stored.settings.types, studio.hours.timeZone, now.getTime());
    const state = await refreshFeed(
      this.context.db,
      url,
      { allowPrivate: stored.feedPrivateAllowed, window, limits: this.context.feedLimits },
      now,
    );
    // The last good copy still counts while the feed fails: its busy times must keep reaching the horizon.
    if (state.error) await reexpandKeptCopy(this.context.db, window, now, this.context.feedLimits);
    return (await this.settings()).feed;
  }

  /**
   * Expands the kept copy again when the horizon, the studio's zone or the day moved on (the
   * background task, and once at start: a copy that no longer passes the budgets is dropped then).
   */
  async keepFeedCurrent(): Promise<ReexpandOutcome> {
    const { stored, studio } = await currentSettings(this.context);
    const now = this.context.now();
    return reexpandKeptCopy(
      this.context.db,
      feedWindowOf(stored.settings.types, studio.hours.timeZone, now),
      new Date(now),
      this.context.feedLimits,
    );
  }

  /** A new private subscription address; the old one stops working at once. */
  async regenerateSubscription(): Promise<string> {
    const { hours } = await this.context.studio();
    return this.subscriptionUrl(await regenerateCalendarToken(this.context.db, hours, this.context.secret));
  }

  async list(
    query: unknown,
  ): Promise<{ kind: 'invalid'; message: string; errors: FieldErrors } | { kind: 'list'; bookings: AdminBooking[] }> {
    const parsed = validate(bookingListQuerySchema, query, 'Invalid booking query');
    if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
    const { from, to, status } = parsed.data;
    const now = isoOf(this.context.now());
    let select = this.context.db.selectFrom('bookings').selectAll();
    if (from) select = select.where('endAt', '>', new Date(from).toISOString());
    if (to) select = select.where('startAt', '<', new Date(to).toISOString());
    if (status === 'upcoming') select = select.where('status', '=', 'confirmed').where('endAt', '>', now);
    else if (status === 'past') select = select.where('status', '!=', 'cancelled').where('endAt', '<=', now);
    else if (status) select = select.where('status', '=', status);
    // Upcoming reads soonest first; every other list newest first.
    const rows = await select
      .orderBy('startAt', status === 'upcoming' ? 'asc' : 'desc')
      .limit(LIST_LIMIT)
      .execute();
    return { kind: 'list', bookings: await this.withEnquiries(rows) };
  }

  /** Each booking with the latest enquiry (not spam) sent from the same address. */
  private async withEnquiries(rows: Booking[]): Promise<AdminBooking[]> {
    const emails = [...new Set(rows.map((row) => row.email.toLowerCase()))];
    const latest = new Map<string, number>();
    if (emails.length > 0) {
      const enquiries = await this.context.db
        .selectFrom('contactSubmissions')
        .select(['id', 'email'])
        .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
        .where('spamReason', 'is', null)
        .orderBy('id', 'asc')
        .execute();
      for (const enquiry of enquiries) latest.set(enquiry.email.toLowerCase(), enquiry.id);
    }
    return rows.map((row) => adminView(row, latest.get(row.email.toLowerCase()) ?? null));
  }

  async one(id: number): Promise<AdminBooking | null> {
    const row = await this.context.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? (await this.withEnquiries([row]))[0] : null;
  }

  async cancel(id: number, adminId: number, body: unknown): Promise<StudioChangeOutcome> {
    const parsed = validate(cancelByStudioSchema, body ?? {}, 'Invalid message');
    if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
    const current = await this.context.db.selectFrom('bookings').select(['status', 'startAt']).where('id', '=', id).executeTakeFirst();
    if (!current) return { kind: 'not-found' };
    // Once it has started, a cancellation e-mail would be wrong: it took place, or the visitor did not come (a no-show).
    if (current.status === 'confirmed' && Date.parse(current.startAt) <= this.context.now())
      return { kind: 'conflict', message: 'This consultation has already started: mark it as a no-show instead' };
    const by = { side: 'studio' as const, adminId, message: parsed.data.message };
    const cancelled = await cancelBooking(this.context.db, id, by, this.context.now());
    if (!cancelled) return { kind: 'conflict', message: 'Only a confirmed consultation can be cancelled' };
    this.context.emailsQueued();
    this.context.logger.info({ bookingId: id, adminId }, 'consultation cancelled by the studio');
    return { kind: 'changed', booking: (await this.one(id))! };
  }

  async update(id: number, body: unknown): Promise<StudioChangeOutcome> {
    const parsed = validate(updateBookingSchema, body, 'Invalid change');
    if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
    const { status, ownerNotes } = parsed.data;
    const { db } = this.context;
    const now = this.context.now();
    const current = await db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) return { kind: 'not-found' };
    if (status === 'no_show' && (current.status !== 'confirmed' || Date.parse(current.startAt) > now))
      return { kind: 'conflict', message: 'Only a confirmed consultation that has started can be marked a no-show' };
    if (status === 'confirmed' && current.status !== 'confirmed' && current.status !== 'no_show')
      return { kind: 'conflict', message: 'A cancelled consultation cannot be restored: ask the visitor to book again' };
    try {
      await db
        .updateTable('bookings')
        .set({
          ...(status ? { status } : {}),
          ...(ownerNotes !== undefined ? { ownerNotes: ownerNotes?.trim() ? ownerNotes.trim() : null } : {}),
          updatedAt: isoOf(now),
        })
        .where('id', '=', id)
        .where('status', '=', current.status)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) return { kind: 'conflict', message: 'Another consultation holds that time' };
      throw error;
    }
    return { kind: 'changed', booking: (await this.one(id))! };
  }

  /** The private subscription (`/calendar/{token}.ics`); null for a wrong token. */
  async subscription(token: string): Promise<string | null> {
    if (!isTokenShape(token)) return null;
    const { db, secret } = this.context;
    const studio = await this.context.studio();
    const expected = await calendarToken(db, studio.hours, secret);
    if (!constantTimeEqual(token, expected)) return null;
    const rows = await db
      .selectFrom('bookings')
      .selectAll()
      .where('startAt', '>', isoOf(this.context.now() - SUBSCRIPTION_PAST_DAYS * DAY))
      .orderBy('startAt', 'asc')
      .execute();
    return subscriptionFeed(
      rows.map((row) => ({
        icsUid: row.icsUid,
        icsSequence: row.icsSequence,
        startAt: row.startAt,
        endAt: row.endAt,
        typeName: row.typeName,
        howItHappens: [howItHappens(row, 'studio'), row.note ? `Note: ${row.note}` : ''].filter(Boolean).join('\n'),
        location: row.place,
        manageUrl: null,
        visitor: { name: row.name, email: row.email },
        cancelled: row.status === 'cancelled',
      })),
      { name: studio.name, email: studio.email },
      new Date(this.context.now()),
    );
  }

  /** The dashboard's card: today and this week in the studio's calendar, and the next consultation. */
  async summary(): Promise<BookingSummary> {
    const { timeZone } = (await this.context.studio()).hours;
    const now = this.context.now();
    const today = studioDate(now, timeZone);
    const monday = today.subtract({ days: today.dayOfWeek - 1 });
    const sunday = monday.add({ days: 6 });
    const rows = await this.context.db
      .selectFrom('bookings')
      .select('studioDate')
      .where('status', '=', 'confirmed')
      .where('studioDate', '>=', monday.toString())
      .where('studioDate', '<=', sunday.toString())
      .execute();
    const next = await this.context.db
      .selectFrom('bookings')
      .selectAll()
      .where('status', '=', 'confirmed')
      .where('endAt', '>', isoOf(now))
      .orderBy('startAt', 'asc')
      .limit(1)
      .executeTakeFirst();
    return {
      today: rows.filter((row) => Temporal.PlainDate.compare(Temporal.PlainDate.from(row.studioDate), today) === 0).length,
      thisWeek: rows.length,
      next: next ? (await this.withEnquiries([next]))[0] : null,
    };
  }
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
