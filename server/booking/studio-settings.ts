import type { AdminBookingSettings } from '#common/booking/admin.ts';
import { saveBookingSettingsSchema } from '#common/booking/admin.ts';
import { validate, type FieldErrors } from '#common/validation.ts';
import { isTokenShape } from '#server/crypto/secret-tokens.ts';
import { currentSettings, isoOf, type BookingContext } from './booking-context.ts';
import { howItHappens } from './booking-emails.ts';
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

/*
 * The owner's booking settings and calendars: the types, week and dates off, the calendar feed
 * (saved, refreshed, kept current), and the private subscription of every booking. The owner's
 * bookings themselves are studio-bookings.ts, which answers for both.
 */

const DAY = 24 * 60 * 60_000;

/** The subscription holds bookings from this long ago on: a calendar app keeps what it already has. */
const SUBSCRIPTION_PAST_DAYS = 180;

export type SaveSettingsOutcome =
  | { kind: 'invalid'; message: string; errors: FieldErrors }
  | { kind: 'stale'; version: number }
  | { kind: 'saved'; settings: AdminBookingSettings };

export class StudioSettings {
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
    // The new settings are in: even if the feed's part fails below, no list of this instance keeps the old ones.
    this.context.slotInputs.changed();
    if (feedChanged) {
      await setFeedUrl(db, studio.hours, secret, feed ? feedUrl : null, privateAllowed);
      if (read?.kind === 'read') await storeFeedCopy(db, read.body, read.spans, window, now);
      else await forgetFeed(db);
    } else {
      // A longer horizon needs the kept copy's busy times that far.
      await reexpandKeptCopy(db, window, now, this.context.feedLimits);
    }
    // Again with the busy times in (a list read meanwhile kept the old ones); the owner's request tells the other instances.
    this.context.slotInputs.changed();
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
    this.context.slotInputs.changed();
    return (await this.settings()).feed;
  }

  /**
   * Expands the kept copy again when the horizon, the studio's zone or the day moved on (the
   * background task, and once at start: a copy that no longer passes the budgets is dropped then).
   */
  async keepFeedCurrent(): Promise<ReexpandOutcome> {
    const { stored, studio } = await currentSettings(this.context);
    const now = this.context.now();
    const outcome = await reexpandKeptCopy(
      this.context.db,
      feedWindowOf(stored.settings.types, studio.hours.timeZone, now),
      new Date(now),
      this.context.feedLimits,
    );
    if (outcome === 'expanded' || outcome === 'dropped') this.context.slotInputs.changed();
    return outcome;
  }

  /** A new private subscription address; the old one stops working at once. */
  async regenerateSubscription(): Promise<string> {
    const { hours } = await this.context.studio();
    return this.subscriptionUrl(await regenerateCalendarToken(this.context.db, hours, this.context.secret));
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
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
